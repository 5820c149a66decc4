import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { parseEnv } from '../src/config/env.js';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { resolveDatabase } from '../src/database/resolve-database.js';
import { startTestApp } from './support/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'contact-embedded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What `make start` does: no DATABASE_URL, so the service brings its own Postgres.
async function startWithoutDatabaseUrl() {
  const database = await resolveDatabase(
    parseEnv({ EMBEDDED_DATABASE: 'true', EMBEDDED_DB_DIR: dir }),
  );
  const service = await startTestApp(database.url, { RATE_LIMIT_MAX: '10000' });
  return { database, service };
}

describe('the embedded database', () => {
  it('keeps a submission across a restart of the service', async () => {
    const first = await startWithoutDatabaseUrl();
    expect(first.database.description).toContain('an embedded Postgres server');
    const answer = await first.service.post({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Compiler Partners',
      role: 'Analyst',
      message: 'Persist me',
    });
    expect(answer.status).toBe(201);
    await first.service.close();
    await first.database.stop!();

    const second = await startWithoutDatabaseUrl();
    const client = new pg.Client({ connectionString: second.database.url });
    await client.connect();
    const { rows } = await client.query(
      'SELECT name, message FROM contact_submissions WHERE id = $1',
      [answer.body.id],
    );
    await client.end();
    await second.service.close();
    await second.database.stop!();
    expect(rows).toEqual([{ name: 'Grace Hopper', message: 'Persist me' }]);
  });

  it('finds nothing to do when the migrations run again', async () => {
    const database = await resolveDatabase(
      parseEnv({ EMBEDDED_DATABASE: 'true', EMBEDDED_DB_DIR: dir }),
    );
    const source = new DataSource(
      dataSourceOptions({ url: database.url, poolSize: 1, timeoutMs: 5000 }),
    );
    await source.initialize();
    const applied = await source.runMigrations();
    const tables = await source.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    await source.destroy();
    await database.stop!();
    expect(applied).toEqual([]);
    expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual([
      'accessibility_reports',
      'audit_key',
      'audit_log',
      'backup_runs',
      'booking_deliveries',
      'console_alerts',
      'console_sessions',
      'contact_submissions',
      'enrolments',
      'erased_bookings',
      'field_measurements',
      'lead_bookings',
      'lead_count_horizon',
      'lead_count_totals',
      'lead_events',
      'lead_notes',
      'lead_reads',
      'lead_status_changes',
      'migrations',
      'notifications',
      'offsite_copies',
      'passkeys',
      'rate_limits',
      'recovery_codes',
      'sign_in_failures',
      'sso_logins',
      'sso_logout_tokens',
      'used_passkey_challenges',
      'users',
    ]);
  });
});
