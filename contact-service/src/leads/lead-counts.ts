import type { DataSource } from 'typeorm';
import type { LeadKind } from './lead-kind.js';
import type { LeadStatus } from './lead-status.js';
import { rows } from '../database/rows.js';

/**
 * People's leads per status, of one kind or all: the counts that head the inbox with no other
 * filter, re-read by every open console every 5 seconds. The leads received before the horizon
 * are read from their totals, only the later ones counted (migration 1795900000000): a few
 * hundred index entries instead of a million (bench/inbox-bench.ts). One statement, so the
 * totals, the horizon and the rows are read from one snapshot.
 */
export async function settledCounts(
  dataSource: DataSource,
  kind?: LeadKind,
): Promise<Partial<Record<LeadStatus, number>>> {
  const counted = await rows<{ status: LeadStatus; n: number }>(
    dataSource,
    `SELECT status, sum(n)::int AS n FROM (
       SELECT t.status, t.n FROM lead_count_totals t WHERE $1::varchar IS NULL OR t.kind = $1
       UNION ALL
       SELECT s.status, count(*) FROM contact_submissions s
        WHERE s.spam_reason IS NULL
          AND s.created_at >= (SELECT settled_before FROM lead_count_horizon)
          AND ($1::varchar IS NULL OR s.kind = $1)
        GROUP BY s.status) AS counted
     GROUP BY status HAVING sum(n) > 0`,
    [kind ?? null],
  );
  return Object.fromEntries(counted.map((row) => [row.status, row.n]));
}

/** How long leads are counted live before they settle: a day's worth at most, plus an hour. */
const LIVE_HOURS = 24;

/**
 * Moves the horizon to `until` (by default the hour a day ago), folding the leads received in
 * between into the totals; `recount` starts the totals over from every lead. Run hourly by the
 * worker (retention/retention.service.ts), and by the inbox bench after its seed.
 */
export async function settleLeadCounts(
  dataSource: DataSource,
  { until, recount = false }: { until?: Date; recount?: boolean } = {},
): Promise<void> {
  const horizon =
    until ?? new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - LIVE_HOURS * 3_600_000);
  await dataSource.transaction(async (manager) => {
    const [horizonRow] = await rows<{ done: boolean }>(
      manager,
      `SELECT settled_before >= $1 AS done FROM lead_count_horizon FOR UPDATE`,
      [horizon],
    );
    const done = horizonRow!.done;
    if (done && !recount) return;
    if (recount) await manager.query(`DELETE FROM lead_count_totals`);
    await manager.query(
      `INSERT INTO lead_count_totals AS t (kind, status, n)
       SELECT kind, status, count(*) FROM contact_submissions
        WHERE spam_reason IS NULL AND created_at < $1
          AND ($2 OR created_at >= (SELECT settled_before FROM lead_count_horizon))
        GROUP BY 1, 2
       ON CONFLICT (kind, status) DO UPDATE SET n = t.n + EXCLUDED.n`,
      [horizon, recount],
    );
    await manager.query(`UPDATE lead_count_horizon SET settled_before = $1`, [horizon]);
  });
}
