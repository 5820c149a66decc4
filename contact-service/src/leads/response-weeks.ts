import { rows, type Statements } from '../database/rows.js';
import type { LeadKind } from './lead-kind.js';

/**
 * A kind's first promise in one week of receipt (its Monday, YYYY-MM-DD, in the caller's time
 * zone), or in the whole period (`week` null): the leads received, how many were answered, kept
 * on time, broken (answered late, or not answered and past due), still open, and the first
 * response's median and 90th percentile in hours.
 */
export interface ResponseWeek {
  week: string | null;
  n: number;
  answered: number;
  kept: number;
  late: number;
  open: number;
  medianHours: number | null;
  p90Hours: number | null;
}

const HOURS = `extract(epoch FROM s.responded_at - s.created_at) / 3600`;

/**
 * People's leads of `kind` (suspected spam left out) received from `since`, per week and for the
 * whole period (GROUPING SETS), in one statement that reads the receipts and first responses
 * from the kind's own index alone (IDX_leads_responses_<kind>, migration 1795800000000): the
 * kind is a literal, so each kind's statement is planned on its index. `overdueBefore`: a lead
 * received before it and not answered has missed its first step.
 */
export function responseWeeks(
  db: Statements,
  kind: LeadKind,
  since: Date,
  timeZone: string,
  overdueBefore: Date,
): Promise<ResponseWeek[]> {
  return rows<ResponseWeek>(
    db,
    `SELECT to_char(date_trunc('week', s.created_at AT TIME ZONE $2), 'YYYY-MM-DD') AS week,
            count(*)::int AS n,
            count(s.responded_at)::int AS answered,
            count(*) FILTER (WHERE s.responded_on_time)::int AS kept,
            -- Answered late, or not answered and past the first step's due time.
            count(*) FILTER (WHERE s.responded_on_time = false
                                OR (s.responded_at IS NULL AND s.created_at < $3))::int AS late,
            count(*) FILTER (WHERE s.responded_at IS NULL AND s.created_at >= $3)::int AS open,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY ${HOURS})::float AS "medianHours",
            percentile_cont(0.9) WITHIN GROUP (ORDER BY ${HOURS})::float AS "p90Hours"
       FROM contact_submissions s
      WHERE s.spam_reason IS NULL AND s.kind = '${kind}' AND s.created_at >= $1
      GROUP BY GROUPING SETS ((1), ())`,
    [since, timeZone, overdueBefore],
  );
}
