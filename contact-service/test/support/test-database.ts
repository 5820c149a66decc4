import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { started } from './release.js';
import { applyMigrations } from '../../src/database/apply-migrations.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TestDatabase {
  url: string;
  /** Runs SQL directly, outside the service, to check what was really stored. */
  query<T extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A new database with the migrations applied, as a service's start applies them. */
export async function createMigratedDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  await applyMigrations(db.url, { timeoutMs: 60_000 });
  return db;
}

/**
 * A new database with the migrations applied, and a connection of `poolSize` to it, for a file
 * that works on the tables directly: its beforeAll.
 */
export async function migratedDatabase(
  poolSize: number,
): Promise<{ db: TestDatabase; dataSource: DataSource }> {
  const db = await createMigratedDatabase();
  const dataSource = new DataSource(
    dataSourceOptions({ url: db.url, poolSize, timeoutMs: 10_000 }),
  );
  await dataSource.initialize();
  return { db, dataSource };
}

/**
 * A fresh, empty database for one test file: a new database on the Postgres server chosen by
 * test/global-setup.ts (a server of the machine, a container, or the embedded server).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('test/global-setup.ts chose no database (TEST_DATABASE_URL)');

  const name = `contact_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    query: async (sql, values) => (await client.query(sql, values)).rows,
    drop: started(`the database ${name}`, async () => {
      await client.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await connectionsGone(cleanup, name);
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    }),
  };
}

/** An embedded server of its own in a temporary folder, started as `make start` starts it. */
export async function embeddedTestDatabase(): Promise<TestDatabase> {
  const dir = join(mkdtempSync(join(tmpdir(), 'contact-test-')), 'postgres');
  const embedded = await startEmbeddedPostgres(dir, { port: 0, maxConnections: 100 });
  const client = new pg.Pool({ connectionString: embedded.url, max: 1 });
  return {
    url: embedded.url,
    query: async (sql, values) => (await client.query(sql, values)).rows,
    drop: started(`the embedded server in ${dir}`, async () => {
      await client.end();
      const cleanup = new pg.Client({ connectionString: embedded.url });
      await cleanup.connect();
      await connectionsGone(cleanup, 'postgres');
      await cleanup.end();
      await embedded.stop();
      rmSync(dirname(dir), { recursive: true, force: true });
    }),
  };
}

/**
 * Connections that a closed service is still winding down (the queue's listener) are let go on
 * their own first: one ended by force mid-reconnect errors in the test process.
 */
async function connectionsGone(client: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
