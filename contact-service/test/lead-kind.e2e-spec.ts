import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { ACCESSIBILITY_PREFIX, kindOf } from '../src/leads/lead-kind.js';
import { LeadWriter } from '../src/leads/lead-writer.js';
import { stopApp } from './support/test-app.js';
import { migratedDatabase, type TestDatabase } from './support/test-database.js';

// A lead's kind is a column, set when the lead is written by the one rule
// (src/leads/lead-kind.ts): for any message, including the ones that only almost begin with the
// subject line, the stored kind is the rule's. Leads stored before the column got theirs from
// the database's function, one last time, when it was added (migration 1796700000000).
let db: TestDatabase;
let dataSource: DataSource;
let writer: LeadWriter;

beforeAll(async () => {
  ({ db, dataSource } = await migratedDatabase(2));
  writer = new LeadWriter(dataSource, ['email'], 10_000);
});

afterAll(() => stopApp(dataSource, db));

/** Postgres text holds no NUL; the DTO refuses control characters before a message is stored. */
const text = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.replaceAll('\0', ''));

const messages = fc.oneof(
  text,
  text.map((rest) => ACCESSIBILITY_PREFIX + rest),
  // A prefix cut short, in another case, or with something before it: not accessibility feedback.
  fc.nat({ max: ACCESSIBILITY_PREFIX.length - 1 }).map((n) => ACCESSIBILITY_PREFIX.slice(0, n)),
  text.map((rest) => ACCESSIBILITY_PREFIX.toLowerCase() + rest),
  text.map((before) => `${before || ' '}${ACCESSIBILITY_PREFIX}`),
  fc.constant(null),
);

const lead = (message: string | null) => ({
  name: 'Kind Person',
  email: 'kind@bank.example',
  company: 'Kind Bank',
  role: 'CFO',
  message,
  spamReason: null,
  idempotencyKey: null,
  attribution: null,
});

describe("a lead's kind", () => {
  it('is stored by the rule when the lead is written, for any message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(messages, { minLength: 1, maxLength: 10 }), async (batch) => {
        const ids = [];
        for (const message of batch) {
          const written = await writer.write(lead(message));
          if (!written.stored) throw new Error('not stored');
          ids.push(written.id);
        }
        const rows = await db.query<{ id: string; kind: string }>(
          `SELECT id, kind FROM contact_submissions WHERE id = ANY($1::uuid[])`,
          [ids],
        );
        const stored = new Map(rows.map((row) => [row.id, row.kind]));
        expect(ids.map((id) => stored.get(id))).toEqual(batch.map(kindOf));
      }),
      { numRuns: 30 },
    );
  });

  it('counts a message with the subject line as accessibility feedback, and only that', () => {
    expect(kindOf(`${ACCESSIBILITY_PREFIX}The focus ring is hard to see.`)).toBe('accessibility');
    expect(kindOf('I would like a discovery call.')).toBe('contact');
    expect(kindOf(null)).toBe('contact');
  });

  it('is given by the same rule to a lead written without one, as the release before wrote them', async () => {
    // Its replicas take leads while `make upgrade` replaces them (migration 1796700000000).
    const rows = await db.query<{ kind: string }>(
      `INSERT INTO contact_submissions (name, email, company, role, message)
       VALUES ('Earlier', 'earlier@bank.example', 'Old Bank', 'CTO', $1),
              ('Earlier', 'earlier@bank.example', 'Old Bank', 'CTO', $2),
              ('Earlier', 'earlier@bank.example', 'Old Bank', 'CTO', NULL)
       RETURNING kind`,
      [`${ACCESSIBILITY_PREFIX}Contrast is low.`, `x${ACCESSIBILITY_PREFIX}`],
    );
    expect(rows.map((row) => row.kind)).toEqual(['accessibility', 'contact', 'contact']);
  });

  it('was given to the leads stored before the column, by the rule they were stored under', async () => {
    await dataSource.undoLastMigration({ transaction: 'none' });
    await db.query(
      `INSERT INTO contact_submissions (name, email, company, role, message)
       VALUES ('Before', 'before@bank.example', 'Old Bank', 'CTO', $1),
              ('Before', 'before@bank.example', 'Old Bank', 'CTO', 'Please call.')`,
      [`${ACCESSIBILITY_PREFIX}Contrast is low.`],
    );
    await dataSource.runMigrations({ transaction: 'each' });
    const rows = await db.query<{ message: string; kind: string }>(
      `SELECT message, kind FROM contact_submissions WHERE email = 'before@bank.example' ORDER BY kind`,
    );
    expect(rows.map((row) => row.kind)).toEqual(['accessibility', 'contact']);
    const counted = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'lead_kind'`,
    );
    expect(counted[0]!.n).toBe(0);
  });
});
