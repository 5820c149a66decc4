import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { isWorthRetrying } from './connection-errors.js';
import { dataSourceOptions } from './data-source-options.js';

/** Any fixed number will do, as long as nothing else in the database takes the same lock. */
const MIGRATION_LOCK_KEY = 7_420_118_306;

export interface MigrationOptions {
  /** MIGRATION_TIMEOUT_MS: every statement of a migration, and the wait for the lock. */
  timeoutMs: number;
  /** A database that is still starting is tried this often, `retryDelayMs` apart. */
  attempts?: number;
  retryDelayMs?: number;
}

export interface MigrationResult {
  applied: string[];
  /** How long another process held the lock while this one waited, in ms (0: no wait). */
  waitedMs: number;
}

/**
 * Applies pending migrations before the service takes requests. They run on a connection of their
 * own with MIGRATION_TIMEOUT_MS, not the 1.5 s bound of requests, so a migration that builds an
 * index or waits for a lock does not fail every start. A Postgres advisory lock makes replicas
 * that start together take turns: one applies, the others wait and then find nothing to do.
 */
export async function applyMigrations(
  url: string,
  { timeoutMs, attempts = 10, retryDelayMs = 1000 }: MigrationOptions,
): Promise<MigrationResult> {
  const lock = await connect(url, timeoutMs, attempts, retryDelayMs);
  try {
    const started = performance.now();
    // Asked again every half second rather than waited for in one statement: a statement that
    // waits holds a snapshot, and CREATE INDEX CONCURRENTLY in the migrating process waits for
    // every snapshot older than its own, so it would wait for the processes waiting for it.
    let waited = false;
    for (;;) {
      const { rows } = await lock.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [MIGRATION_LOCK_KEY],
      );
      if (rows[0]!.locked) break;
      if (performance.now() - started > timeoutMs) {
        throw new Error(`Another process has been migrating the database for over ${timeoutMs} ms`);
      }
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const waitedMs = waited ? Math.round(performance.now() - started) : 0;
    const dataSource = new DataSource(dataSourceOptions({ url, poolSize: 1, timeoutMs }));
    try {
      await dataSource.initialize();
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return { applied: applied.map((migration) => migration.name), waitedMs };
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await lock.end().catch(() => {});
  }
}

/** A database that is still starting is waited for; one that refuses us is not. */
async function connect(
  url: string,
  timeoutMs: number,
  attempts: number,
  retryDelayMs: number,
): Promise<pg.Client> {
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: Math.min(timeoutMs, 10_000),
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs,
      application_name: 'contact-service migrations',
    });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt >= attempts || !isWorthRetrying(error)) throw error;
      await sleep(retryDelayMs);
    }
  }
}
