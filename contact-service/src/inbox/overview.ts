import type { DataSource } from 'typeorm';
import { kindSql, type LeadKind } from '../leads/lead-kind.js';
import { dueCutoffs, FIRST_STEP, type PromiseRules } from '../leads/lead-promises.js';
import { openPromises, type OpenPromises } from '../leads/promise-counts.js';
import { SUPPORT_TIME_ZONE } from '../leads/support-hours.js';

export interface Overview {
  since: Date;
  /** Leads received per week (its Monday, YYYY-MM-DD, in the support time zone) and kind. */
  weekly: { week: string; kind: LeadKind; n: number }[];
  /** The median hours from receipt to a lead's first response, per kind. */
  firstResponse: { kind: LeadKind; leads: number; medianHours: number }[];
  /**
   * Per week of receipt and kind, the first promise (a callback, an acknowledgement): how many
   * were answered, kept on time, broken (answered late, or not answered and past due), still
   * open; the share kept of those decided, and the first response's median and 90th percentile.
   */
  promises: {
    week: string;
    kind: LeadKind;
    answered: number;
    kept: number;
    late: number;
    open: number;
    keptShare: number | null;
    medianHours: number | null;
    p90Hours: number | null;
  }[];
  /** Leads with a promise overdue or due soon, per kind and step. */
  due: OpenPromises[];
}

const KIND = kindSql('s.message');

/**
 * The console's small overview of the last weeks: numbers only, no person's data, so nothing to
 * audit. People's leads only (suspected spam left out). The first responses are the leads' own
 * columns (responded_at, responded_on_time), read with the receipt from one index.
 */
export async function overviewOf(
  dataSource: DataSource,
  rules: PromiseRules,
  now: Date,
  weeks = 12,
): Promise<Overview> {
  const since = new Date(now.getTime() - weeks * 7 * 24 * 3600_000);
  const cut = dueCutoffs(now, rules);
  const hours = `extract(epoch FROM s.responded_at - s.created_at) / 3600`;
  // Not answered and past the first step's due time: a promise broken.
  const brokenOpen = `s.responded_at IS NULL AND s.created_at < CASE ${KIND} WHEN 'contact' THEN $3::timestamptz ELSE $4::timestamptz END`;
  const [weekly, firstResponse, promises, due] = await Promise.all([
    dataSource.query(
      `SELECT to_char(date_trunc('week', s.created_at AT TIME ZONE $2), 'YYYY-MM-DD') AS week,
              ${KIND} AS kind, count(*)::int AS n
         FROM contact_submissions s
        WHERE s.spam_reason IS NULL AND s.created_at >= $1
        GROUP BY 1, 2 ORDER BY 1`,
      [since, SUPPORT_TIME_ZONE],
    ) as Promise<Overview['weekly']>,
    dataSource.query(
      `SELECT ${KIND} AS kind, count(*)::int AS leads,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hours})::float AS "medianHours"
         FROM contact_submissions s
        WHERE s.spam_reason IS NULL AND s.created_at >= $1 AND s.responded_at IS NOT NULL
        GROUP BY 1`,
      [since],
    ) as Promise<Overview['firstResponse']>,
    dataSource.query(
      `SELECT week, kind, answered, kept, late, open,
              CASE WHEN kept + late > 0 THEN kept::float / (kept + late) END AS "keptShare",
              "medianHours", "p90Hours"
         FROM (SELECT to_char(date_trunc('week', s.created_at AT TIME ZONE $2), 'YYYY-MM-DD') AS week,
                      ${KIND} AS kind,
                      count(s.responded_at)::int AS answered,
                      count(*) FILTER (WHERE s.responded_on_time)::int AS kept,
                      count(*) FILTER (WHERE s.responded_on_time = false OR (${brokenOpen}))::int AS late,
                      count(*) FILTER (WHERE s.responded_at IS NULL AND NOT (${brokenOpen}))::int AS open,
                      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hours})::float AS "medianHours",
                      percentile_cont(0.9) WITHIN GROUP (ORDER BY ${hours})::float AS "p90Hours"
                 FROM contact_submissions s
                WHERE s.spam_reason IS NULL AND s.created_at >= $1
                GROUP BY 1, 2) per_week
        ORDER BY week, kind`,
      [
        since,
        SUPPORT_TIME_ZONE,
        cut[FIRST_STEP.contact].overdue,
        cut[FIRST_STEP.accessibility].overdue,
      ],
    ) as Promise<Overview['promises']>,
    openPromises(dataSource, rules, now),
  ]);
  return { since, weekly, firstResponse, promises, due };
}
