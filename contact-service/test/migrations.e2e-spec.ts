import { afterEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { applyMigrations } from '../src/database/apply-migrations.js';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { startTestApp, VALID_CONTACT } from './support/test-app.js';

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.drop();
  db = undefined;
});

describe('migrations', () => {
  it('apply once when several replicas start together', async () => {
    db = await createTestDatabase();
    const url = db.url;
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => applyMigrations(url, { timeoutMs: 30_000 })),
    );
    const all = dataSourceOptions({ url, poolSize: 1, timeoutMs: 1000 }).migrations as unknown[];
    // One run applied every migration; the others waited for it and found nothing to do.
    expect(runs.map((run) => run.applied.length).sort()).toEqual([0, 0, 0, all.length]);
    expect(runs.filter((run) => run.waitedMs > 0).length).toBeGreaterThanOrEqual(1);
    const applied = await db.query('SELECT name FROM migrations');
    expect(applied).toHaveLength(all.length);
  });

  it('have their own timeout: a migration that waits for a lock does not stop the start', async () => {
    db = await createTestDatabase();
    // The schema of the first release, as an existing deployment has it.
    const options = dataSourceOptions({ url: db.url, poolSize: 1, timeoutMs: 5000 });
    const first = new DataSource({
      ...options,
      migrations: (options.migrations as unknown[]).slice(0, 1) as never,
    });
    await first.initialize();
    await first.runMigrations();
    await first.destroy();

    // A long report holds the table for 2 s, longer than the 300 ms bound of requests: the
    // next migration's ALTER TABLE must wait for it.
    const reader = new pg.Client({ connectionString: db.url });
    await reader.connect();
    await reader.query('BEGIN');
    await reader.query('LOCK TABLE contact_submissions IN ACCESS SHARE MODE');
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        void reader
          .query('COMMIT')
          .then(() => reader.end())
          .then(resolve);
      }, 2000),
    );

    const started = performance.now();
    const service = await startTestApp(db.url, { DATABASE_TIMEOUT_MS: '300' });
    try {
      expect(performance.now() - started).toBeGreaterThan(1500);
      expect((await service.post(VALID_CONTACT)).status).toBe(201);
    } finally {
      await service.close();
      await released;
    }
  });
});
