// The stack under test, seen from outside: its database (the one STACK_DATABASE_URL names) and
// its contact-service. Two stacks can be under test: the one infra/local/stack-up.sh runs (the
// default; the service's PID is in .stack/contact-service.pid) or the container stack of
// `make up`, when STACK_COMPOSE names the compose command (e2e/scripts/run-e2e-containers.sh).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const databaseUrl =
  process.env.STACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/contact_stack';
export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
/** The console server of the stack's nginx (its own port, loopback only). */
export const consoleUrl = process.env.E2E_CONSOLE_URL ?? 'http://localhost:8081';
/**
 * The contact-service's /metrics, one address per replica (the local stack has one; the
 * container stack's are given by run-e2e-containers.sh).
 */
export const metricsUrls = (process.env.E2E_METRICS_URLS ?? 'http://127.0.0.1:3000/metrics')
  .trim()
  .split(/\s+/);
export const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? `${repoRoot}.artifacts/e2e`;

export interface StoredSubmission {
  name: string;
  email: string;
  company: string;
  role: string;
  message: string | null;
  created_at: Date;
}

/** Every row stored for this email address, oldest first. */
export async function submissionsFor(email: string): Promise<StoredSubmission[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<StoredSubmission>(
      `SELECT name, email, company, role, message, created_at
         FROM contact_submissions WHERE email = $1 ORDER BY created_at`,
      [email],
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

/** A unique, valid address, so each test finds exactly its own rows. */
export function uniqueEmail(label: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `e2e.${label}.${stamp}@example.com`;
}

const compose = process.env.STACK_COMPOSE?.trim().split(/\s+/) ?? [];
const pidFile = `${repoRoot}.stack/contact-service.pid`;
const run = promisify(execFile);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs the compose command of the container stack, from the repository root. */
async function composeRun(args: string[], timeoutMs: number): Promise<string> {
  const [command, ...prefix] = compose as [string, ...string[]];
  const { stdout } = await run(command, [...prefix, ...args], {
    cwd: repoRoot,
    timeout: timeoutMs,
  });
  return stdout.trim();
}

/**
 * Stops the contact-service (SIGTERM) and resolves once it has exited. Local stack: by the PID
 * stack-up.sh recorded, after checking that the PID really is that service. Container stack:
 * `compose stop`, which its restart policy respects.
 */
export async function stopContactService(): Promise<void> {
  if (compose.length) {
    // Returns once the container has exited; it fails if the container could not be stopped.
    await composeRun(['stop', '-t', '20', 'contact-service'], 60_000);
    return;
  }
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  if (!commandLine.includes('contact-service/dist/src/entrypoints/api.js')) {
    throw new Error(`PID ${pid} in ${pidFile} is not the contact-service: ${commandLine}`);
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (isRunning(pid)) {
    if (Date.now() > deadline) throw new Error(`the contact-service (PID ${pid}) did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the contact-service again and resolves once the stack is healthy. Local stack: from its
 * existing build, with the environment of this run. Container stack: the same container.
 */
export async function startContactService(): Promise<void> {
  if (compose.length) {
    await composeRun(['start', 'contact-service'], 60_000);
    await run(`${repoRoot}infra/compose/wait-healthy.sh`, compose, {
      cwd: repoRoot,
      timeout: 120_000,
    });
    return;
  }
  await run(`${repoRoot}infra/local/stack-up.sh`, {
    cwd: repoRoot,
    env: { ...process.env, STACK_SKIP_BUILD: '1' },
    timeout: 90_000,
  });
}

/**
 * The operators' `leads` command of the stack under test, as an operator runs it there: in the
 * contact-service container, or the built CLI against the local stack's database.
 */
export async function leads(args: string[]): Promise<string> {
  if (compose.length) {
    return composeRun(['exec', '-T', 'contact-service', 'leads', ...args], 60_000);
  }
  const { stdout } = await run('node', ['contact-service/dist/src/entrypoints/leads.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });
  return stdout.trim();
}

/** One statement on the stack's database, for what a test cannot wait for (an idle session). */
export async function sql(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * A contact request received `hours` ago, stored and announced as the service does it: the lead
 * and its email notification, not yet handed to the queue. The outbox relay hands it over and
 * starts the watch over its promise, as for a lead sent just now.
 */
export async function leadReceivedAgo(
  hours: number,
  lead: {
    id?: string;
    name: string;
    email: string;
    company: string;
    role: string;
    message: string;
  },
): Promise<void> {
  await sql(
    `WITH lead AS (
       INSERT INTO contact_submissions (id, name, email, company, role, message, created_at, kind)
       VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6,
               now() - make_interval(secs => $7), 'contact')
       RETURNING id)
     INSERT INTO notifications (submission_id, channel) SELECT id, 'email' FROM lead`,
    [lead.id ?? null, lead.name, lead.email, lead.company, lead.role, lead.message, hours * 3600],
  );
}
