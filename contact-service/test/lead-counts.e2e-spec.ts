import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { settledCounts, settleLeadCounts } from '../src/leads/lead-counts.js';
import { leadsCommand } from './support/console-client.js';
import { stopApp } from './support/test-app.js';
import { migratedDatabase, type TestDatabase } from './support/test-database.js';

// The inbox's counts from settled totals (migration 1795900000000) against a plain count, on
// real Postgres, after any sequence of what changes leads: new leads (now or with an old receipt
// time), folds of the horizon, status changes, spam marked and released, erasures, receipt times
// moved.
let db: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  ({ db, dataSource } = await migratedDatabase(3));
});

afterAll(() => stopApp(dataSource, db));

beforeEach(async () => {
  await db.query(`TRUNCATE contact_submissions CASCADE`);
  await db.query(`DELETE FROM lead_count_totals`);
  await db.query(`UPDATE lead_count_horizon SET settled_before = '-infinity'`);
});

const ACCESSIBILITY = 'Subject: Accessibility Feedback\n\nHello';
const HOUR = 3_600_000;

/** The counts as a plain count of the table says them. */
async function plainCounts(kind?: string) {
  const rows = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM contact_submissions
      WHERE spam_reason IS NULL AND ($1::varchar IS NULL OR kind = $1)
      GROUP BY status`,
    [kind ?? null],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

type Step =
  | { op: 'insert'; hoursAgo: number; a11y: boolean; spam: boolean }
  | { op: 'settle'; hoursAgo: number }
  | { op: 'status'; pick: number }
  | { op: 'spam'; pick: number }
  | { op: 'delete'; pick: number }
  | { op: 'move'; pick: number; hoursAgo: number };

const hoursAgo = fc.integer({ min: 0, max: 100 });
const pick = fc.nat();
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    hoursAgo,
    a11y: fc.boolean(),
    spam: fc.boolean(),
  }),
  fc.record({ op: fc.constant('settle' as const), hoursAgo }),
  fc.record({ op: fc.constant('status' as const), pick }),
  fc.record({ op: fc.constant('spam' as const), pick }),
  fc.record({ op: fc.constant('delete' as const), pick }),
  fc.record({ op: fc.constant('move' as const), pick, hoursAgo }),
);

async function apply(action: Step) {
  const ago = 'hoursAgo' in action ? new Date(Date.now() - action.hoursAgo * HOUR) : null;
  const target = `(SELECT id FROM contact_submissions ORDER BY id OFFSET $1 % greatest(1, (SELECT count(*) FROM contact_submissions)) LIMIT 1)`;
  switch (action.op) {
    case 'insert':
      await db.query(
        `INSERT INTO contact_submissions (name, email, company, role, message, created_at, spam_reason, kind)
         VALUES ('Count', 'count@bank.example', 'Bank', 'CFO', $1, $2, $3, $4)`,
        [
          action.a11y ? ACCESSIBILITY : 'Hello',
          ago,
          action.spam ? 'trap' : null,
          action.a11y ? 'accessibility' : 'contact',
        ],
      );
      return;
    case 'settle':
      return settleLeadCounts(dataSource, { until: ago! });
    case 'status':
      // The next status of its kind, as an operator moves it (or the first again, by hand).
      await db.query(
        `UPDATE contact_submissions SET status = CASE status
           WHEN 'new' THEN CASE WHEN kind = 'contact' THEN 'contacted' ELSE 'acknowledged' END
           WHEN 'contacted' THEN 'qualified' WHEN 'acknowledged' THEN 'assessed'
           WHEN 'assessed' THEN 'resolved' ELSE 'new' END
          WHERE id = ${target}`,
        [action.pick],
      );
      return;
    case 'spam':
      await db.query(
        `UPDATE contact_submissions SET spam_reason = CASE WHEN spam_reason IS NULL THEN 'marked' END
          WHERE id = ${target}`,
        [action.pick],
      );
      return;
    case 'delete':
      await db.query(`DELETE FROM contact_submissions WHERE id = ${target}`, [action.pick]);
      return;
    case 'move':
      await db.query(`UPDATE contact_submissions SET created_at = $2 WHERE id = ${target}`, [
        action.pick,
        ago,
      ]);
  }
}

describe('settled counts', () => {
  it('equal a plain count after any sequence of changes, for all leads and for each kind', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        await db.query(`TRUNCATE contact_submissions CASCADE`);
        await db.query(`DELETE FROM lead_count_totals`);
        await db.query(`UPDATE lead_count_horizon SET settled_before = '-infinity'`);
        for (const action of steps) await apply(action);
        for (const kind of [undefined, 'contact', 'accessibility'] as const) {
          expect(await settledCounts(dataSource, kind)).toEqual(await plainCounts(kind));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('start over from every lead when recounted, and move forward only when asked to', async () => {
    await apply({ op: 'insert', hoursAgo: 50, a11y: false, spam: false });
    await settleLeadCounts(dataSource);
    const [row] = await db.query<{ horizon: Date }>(
      `SELECT settled_before AS horizon FROM lead_count_horizon`,
    );
    expect(Date.now() - new Date(row!.horizon).getTime()).toBeGreaterThanOrEqual(24 * HOUR);
    expect(await db.query(`SELECT kind, status, n::int FROM lead_count_totals`)).toEqual([
      { kind: 'contact', status: 'new', n: 1 },
    ]);
    // A drift (written by hand, past the trigger) is mended by a recount.
    await db.query(`UPDATE lead_count_totals SET n = 7`);
    await settleLeadCounts(dataSource, { recount: true });
    expect(await settledCounts(dataSource)).toEqual(await plainCounts());
  });

  it('are printed by `leads counts`, which recounts them on request and audits it', async () => {
    await apply({ op: 'insert', hoursAgo: 50, a11y: false, spam: false });
    await apply({ op: 'insert', hoursAgo: 1, a11y: true, spam: false });
    await settleLeadCounts(dataSource);
    await db.query(`UPDATE lead_count_totals SET n = 7`);
    const recounted = await leadsCommand(db.url, 'counts --recount');
    expect(recounted).toEqual({ code: 0, out: 'new                    2\n', err: '' });
    const [audited] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE command = 'counts recount'`,
    );
    expect(audited!.n).toBe(1);
  });
});
