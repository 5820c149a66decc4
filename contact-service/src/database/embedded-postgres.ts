import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface EmbeddedPostgres {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Postgres compiled to WebAssembly (PGlite), served over the wire protocol on loopback, so the
 * service talks to it through the same pg driver and TypeORM configuration as to a real server.
 * For running on a machine that has only Node; data persists in `dataDir`.
 *
 * Only one process may open a data folder. The one that does writes its address beside it
 * (`<dataDir>.server.json`), so others (the `leads` command while `make start` runs) connect to
 * it instead, and a second server on the same folder is refused.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  maxConnections: number,
): Promise<EmbeddedPostgres> {
  const absolute = resolve(dataDir);
  const running = runningEmbeddedPostgres(absolute);
  if (running) {
    throw new Error(
      `the embedded database in ${absolute} is already open in process ${running.pid}: stop that process, or connect to ${running.url}`,
    );
  }
  mkdirSync(absolute, { recursive: true });
  const db = await PGlite.create(absolute);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  writeFileSync(addressFile(absolute), JSON.stringify({ url, pid: process.pid }));
  return {
    url,
    dataDir: absolute,
    async stop() {
      rmSync(addressFile(absolute), { force: true });
      await server.stop();
      await db.close();
    },
  };
}

/** The embedded server another live process has open on `dataDir`, if any. */
export function runningEmbeddedPostgres(dataDir: string): { url: string; pid: number } | null {
  let server: { url: string; pid: number };
  try {
    server = JSON.parse(readFileSync(addressFile(resolve(dataDir)), 'utf8')) as typeof server;
  } catch {
    return null;
  }
  if (server.pid === process.pid) return null;
  try {
    process.kill(server.pid, 0);
    return server;
  } catch (error) {
    // EPERM: alive, but another user's. ESRCH: it died without tidying up.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? server : null;
  }
}

const addressFile = (absoluteDataDir: string) => `${absoluteDataDir}.server.json`;
