import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { applyMigrations } from '../src/database/apply-migrations.js';
import { ACCESSIBILITY_PREFIX, kindOf, kindSql } from '../src/leads/lead-kind.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The kind rule is written once (src/leads/lead-kind.ts) and spoken twice: in TypeScript for the
// channels and the metrics, in SQL for the operators' filters. Both must answer the same for any
// message, including the ones that only almost begin with the subject line.
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  // The SQL side of the rule is the database's function lead_kind, made by a migration.
  await applyMigrations(db.url, { timeoutMs: 30_000 });
});

afterAll(async () => {
  await db?.drop();
});

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

describe('the kind rule', () => {
  it('gives the same kind in TypeScript and in SQL for any message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(messages, { minLength: 1, maxLength: 20 }), async (batch) => {
        const rows = await db.query<{ kind: string }>(
          `SELECT ${kindSql('m.message')} AS kind
             FROM unnest($1::text[]) WITH ORDINALITY AS m(message, i) ORDER BY m.i`,
          [batch],
        );
        expect(rows.map((row) => row.kind)).toEqual(batch.map(kindOf));
      }),
      { numRuns: 100 },
    );
  });

  it('counts a message with the subject line as accessibility feedback, and only that', () => {
    expect(kindOf(`${ACCESSIBILITY_PREFIX}The focus ring is hard to see.`)).toBe('accessibility');
    expect(kindOf('I would like a discovery call.')).toBe('contact');
    expect(kindOf(null)).toBe('contact');
  });
});
