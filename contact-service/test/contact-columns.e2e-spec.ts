import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stopApp } from './support/test-app.js';
import contract from '@proposal-site/contract/contact-fields.json' with { type: 'json' };
import { applyMigrations } from '../src/database/apply-migrations.js';
import { ATTRIBUTION_LIMITS } from '../src/leads/attribution.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The contract's limits are the one source of the field lengths. The migrations that created the
// columns are fixed history and cannot read them, so this test holds the database, as it is after
// every migration, to the contract (contact-fields.json, and attribution.json's bounds). Only the message is text: its limit is the DTO's alone, and a
// text column holds any length the contract allows.
const UNBOUNDED = new Set(['message']);

const expected = Object.fromEntries(
  Object.entries(contract.limits).map(([field, limit]) => [
    field,
    UNBOUNDED.has(field) ? { type: 'text', length: null } : { type: 'varchar', length: limit },
  ]),
);

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await applyMigrations(db.url, { timeoutMs: 30_000 });
});

afterAll(() => stopApp(db));

describe('contact_submissions against the contract', () => {
  it('has, after the migrations, the column lengths of the contract', async () => {
    const rows = await db.query<{ column_name: string; udt_name: string; length: number | null }>(
      `SELECT column_name, udt_name, character_maximum_length AS length
         FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'contact_submissions'
          AND column_name = ANY($1)`,
      [Object.keys(contract.limits)],
    );
    const columns = Object.fromEntries(
      rows.map((row) => [row.column_name, { type: row.udt_name, length: row.length }]),
    );
    expect(columns).toEqual(expected);
  });

  it('has the bounds of contract/attribution.json on the attribution columns', async () => {
    const keys = Object.keys(ATTRIBUTION_LIMITS);
    const rows = await db.query<{ column_name: string; length: number | null }>(
      `SELECT column_name, character_maximum_length AS length
         FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'contact_submissions'
          AND column_name = ANY($1)`,
      [keys],
    );
    expect(Object.fromEntries(rows.map((row) => [row.column_name, row.length]))).toEqual(
      ATTRIBUTION_LIMITS,
    );
  });
});
