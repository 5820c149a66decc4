import type { DataSource } from 'typeorm';
import { kindSql, type LeadKind } from '../leads/lead-kind.js';
import { SUPPORT_TIME_ZONE } from '../leads/support-hours.js';
import type { Inbox } from './inbox.js';

export interface Overview {
  since: Date;
  /** Leads received per week (its Monday, YYYY-MM-DD, in the support time zone) and kind. */
  weekly: { week: string; kind: LeadKind; n: number }[];
  /** The median hours from receipt to a lead's first status change, per kind. */
  firstResponse: { kind: LeadKind; leads: number; medianHours: number }[];
  /** Accessibility feedback past a promise's due time, and due by the end of today. */
  accessibility: { overdue: number; dueToday: number };
}

const KIND = kindSql('s.message');

/**
 * The console's small overview of the last weeks: numbers only, no person's data, so nothing to
 * audit. People's leads only (suspected spam left out).
 */
export async function overviewOf(
  dataSource: DataSource,
  inbox: Inbox,
  now: Date,
  weeks = 12,
): Promise<Overview> {
  const since = new Date(now.getTime() - weeks * 7 * 24 * 3600_000);
  const total = (counts: Record<string, number | undefined>) =>
    Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  const [weekly, firstResponse, overdue, dueToday] = await Promise.all([
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
              percentile_cont(0.5) WITHIN GROUP (
                ORDER BY extract(epoch FROM first.at - s.created_at) / 3600)::float AS "medianHours"
         FROM contact_submissions s
         JOIN LATERAL (SELECT min(c.at) AS at FROM lead_status_changes c
                        WHERE c.submission_id = s.id) first ON first.at IS NOT NULL
        WHERE s.spam_reason IS NULL AND s.created_at >= $1
        GROUP BY 1`,
      [since],
    ) as Promise<Overview['firstResponse']>,
    inbox.counts({ kind: 'accessibility', due: 'overdue' }),
    inbox.counts({ kind: 'accessibility', due: 'today' }),
  ]);
  return {
    since,
    weekly,
    firstResponse,
    accessibility: { overdue: total(overdue), dueToday: total(dueToday) },
  };
}
