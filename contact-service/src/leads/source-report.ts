import { ApiProperty } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { DIRECT } from './attribution.js';
import { CALLBACK_HOURS } from './lead-promises.js';
import { dayEnd, dayStart, shiftDate, supportDate } from './support-hours.js';

/** The longest range the report reads at once: a year, leap day included. */
export const SOURCE_REPORT_MAX_DAYS = 366;

/** The days the report reads when none are asked: the last 28, today included. */
export const SOURCE_REPORT_DEFAULT_DAYS = 28;

/**
 * The report's days, in the support time zone: `to` by default today, `from` by default the
 * SOURCE_REPORT_DEFAULT_DAYS ending at `to` (the console's default, the overview's and /metrics').
 */
export function reportDays(now: Date, asked: { from?: string; to?: string } = {}) {
  const to = asked.to || supportDate(now);
  return { from: asked.from || shiftDate(to, 1 - SOURCE_REPORT_DEFAULT_DAYS), to };
}

/** How a lead written before attribution was kept (release 1.3.0) is counted. */
export const NOT_RECORDED = '(not recorded)';

/** A lead of the report (alias s) has a known source: recorded, and not a direct visit. */
const KNOWN_SOURCE = `(s.source IS NOT NULL AND s.source <> '${DIRECT.source}')`;

/**
 * One source, medium and campaign (leads/attribution.ts `sourceOf`) over the range: the
 * discovery-call requests it brought, how many booked a call through the scheduler, how many
 * booked within the callback promise, and the median hours from the request to its first
 * booking.
 */
export class SourceRow {
  @ApiProperty() source!: string;
  @ApiProperty() medium!: string;
  @ApiProperty() campaign!: string;
  @ApiProperty({ type: 'integer' }) leads!: number;
  @ApiProperty({ type: 'integer' }) booked!: number;
  @ApiProperty({ type: 'integer' }) inPromise!: number;
  @ApiProperty({ type: Number, nullable: true }) medianHoursToBooking!: number | null;
}

export class SourceReport {
  /** The first and last day (YYYY-MM-DD in the support time zone), both included. */
  @ApiProperty({ format: 'date' }) from!: string;
  @ApiProperty({ format: 'date' }) to!: string;
  /** Most leads first. */
  @ApiProperty({ type: [SourceRow] }) rows!: SourceRow[];
  /** The share of the range's leads with a known source (not direct, not unrecorded), 0..1. */
  @ApiProperty({ type: Number, nullable: true }) knownShare!: number | null;
}

/**
 * The sources report (docs/console.md, "Sources"): people's discovery-call requests received
 * from the start of `from` to the end of `to`, per source. The leads of the range are read from
 * IDX_leads_sources alone (an index-only scan: migration 1797000000000); the bookings, few beside
 * them, are one small hash of each lead's first booking. Suspected spam and accessibility
 * feedback are left out, and so are the bookings that came with no form (they have no source).
 */
export async function sourceReportOf(
  dataSource: DataSource,
  from: string,
  to: string,
): Promise<SourceReport> {
  const rows = await dataSource.query<(SourceRow & { known: boolean })[]>(
    `SELECT coalesce(s.source, '${NOT_RECORDED}') AS source, coalesce(s.medium, '') AS medium,
            coalesce(s.campaign, '') AS campaign,
            count(*)::int AS leads,
            count(f.booked_at)::int AS booked,
            count(*) FILTER (WHERE f.booked_at <= s.created_at + $3 * interval '1 hour')::int
              AS "inPromise",
            percentile_cont(0.5) WITHIN GROUP (
              ORDER BY extract(epoch FROM f.booked_at - s.created_at) / 3600)::float
              AS "medianHoursToBooking",
            bool_and(${KNOWN_SOURCE}) AS known
       FROM contact_submissions s
       LEFT JOIN (SELECT b.submission_id, min(b.booked_at) AS booked_at FROM lead_bookings b
                   WHERE NOT b.made_lead GROUP BY b.submission_id) f ON f.submission_id = s.id
      WHERE s.spam_reason IS NULL AND s.kind = 'contact'
        AND s.created_at >= $1 AND s.created_at < $2
      GROUP BY 1, 2, 3
      ORDER BY leads DESC, source, medium, campaign`,
    [dayStart(from), dayEnd(to), CALLBACK_HOURS],
  );
  const total = rows.reduce((sum, row) => sum + row.leads, 0);
  const known = rows.filter((row) => row.known).reduce((sum, row) => sum + row.leads, 0);
  return {
    from,
    to,
    rows: rows.map(({ known: _known, ...row }) => row),
    knownShare: total > 0 ? known / total : null,
  };
}

/**
 * The report's knownShare alone, for the overview and /metrics: two counts from IDX_leads_sources
 * (an index-only scan), without the report's groups, bookings and medians.
 */
export async function knownSourceShare(
  dataSource: DataSource,
  from: string,
  to: string,
): Promise<number | null> {
  const [counted] = await dataSource.query<{ total: number; known: number }[]>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${KNOWN_SOURCE})::int AS known
       FROM contact_submissions s
      WHERE s.spam_reason IS NULL AND s.kind = 'contact'
        AND s.created_at >= $1 AND s.created_at < $2`,
    [dayStart(from), dayEnd(to)],
  );
  return counted && counted.total > 0 ? counted.known / counted.total : null;
}
