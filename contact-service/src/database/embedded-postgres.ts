import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync } from 'node:fs';
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
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  maxConnections: number,
): Promise<EmbeddedPostgres> {
  const absolute = resolve(dataDir);
  mkdirSync(absolute, { recursive: true });
  const db = await PGlite.create(absolute);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    dataDir: absolute,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
