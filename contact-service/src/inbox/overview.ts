import { reviewOf, StatementReview } from '../statement/statement.js';
import { supportDate } from '../leads/support-hours.js';
import { ApiProperty, OmitType } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { LEAD_KINDS, type LeadKind } from '../leads/lead-kind.js';
import { dueCutoffs, FIRST_STEP, type PromiseRules } from '../leads/lead-promises.js';
import { OpenPromises, openPromises } from '../leads/promise-counts.js';
import { responseWeeks } from '../leads/response-weeks.js';
import { BookingWeek, bookingWeeks } from '../leads/speed-to-lead.js';
import { knownSourceShare, reportDays } from '../leads/source-report.js';
import { SUPPORT_TIME_ZONE } from '../leads/support-hours.js';
import { FieldPercentile, fieldPercentiles } from '../measurements/field-measurement-store.js';

/** Leads received in a week (its Monday, YYYY-MM-DD, in the support time zone), of a kind. */
export class WeeklyCount {
  @ApiProperty() week!: string;
  @ApiProperty({ enum: LEAD_KINDS, enumName: 'LeadKind' }) kind!: LeadKind;
  @ApiProperty({ type: 'integer' }) n!: number;
}

/** The median hours from receipt to a lead's first response, of a kind. */
export class FirstResponse {
  @ApiProperty({ enum: LEAD_KINDS, enumName: 'LeadKind' }) kind!: LeadKind;
  @ApiProperty({ type: 'integer' }) leads!: number;
  @ApiProperty() medianHours!: number;
}

/**
 * Per week of receipt and kind, the first promise (a callback, an acknowledgement): how many
 * were answered, kept on time, broken (answered late, or not answered and past due), still
 * open; the share kept of those decided, and the first response's median and 90th percentile.
 */
export class PromiseWeek {
  @ApiProperty() week!: string;
  @ApiProperty({ enum: LEAD_KINDS, enumName: 'LeadKind' }) kind!: LeadKind;
  @ApiProperty({ type: 'integer' }) answered!: number;
  @ApiProperty({ type: 'integer' }) kept!: number;
  @ApiProperty({ type: 'integer' }) late!: number;
  @ApiProperty({ type: 'integer' }) open!: number;
  /** kept / (kept + late), 0..1; null while no promise of the week is due or answered. */
  @ApiProperty({ type: Number, nullable: true }) keptShare!: number | null;
  @ApiProperty({ type: Number, nullable: true }) medianHours!: number | null;
  @ApiProperty({ type: Number, nullable: true })
  p90Hours!: number | null;
}

/**
 * Speed to lead with the booking (leads/speed-to-lead.ts) in one week: the contact requests of
 * the form, those booked and booked within the callback promise (`share` of the requests), the
 * hours to the first booking, and the bookings that came with no form.
 */
export class BookingWeekShare extends OmitType(BookingWeek, ['week'] as const) {
  @ApiProperty() week!: string;
  @ApiProperty({ type: Number, nullable: true }) share!: number | null;
}

export class Overview {
  @ApiProperty() since!: Date;
  @ApiProperty({ type: [WeeklyCount] }) weekly!: WeeklyCount[];
  @ApiProperty({ type: [FirstResponse] }) firstResponse!: FirstResponse[];
  @ApiProperty({ type: [PromiseWeek] }) promises!: PromiseWeek[];
  @ApiProperty({ type: [BookingWeekShare] }) bookings!: BookingWeekShare[];
  /** Leads with a promise overdue or due soon, per kind and step. */
  @ApiProperty({ type: [OpenPromises] }) due!: OpenPromises[];
  /** The share of the last 28 days' discovery-call requests with a known source, 0..1. */
  @ApiProperty({ type: Number, nullable: true }) knownSourceShare!: number | null;
  /** The site's field measurements: each page's 75th percentile per metric, last 28 days. */
  @ApiProperty({ type: [FieldPercentile] }) field!: FieldPercentile[];
  /** The accessibility statement's review: a date in the past is a review missed. */
  @ApiProperty({ type: StatementReview }) statementReview!: StatementReview;
}

/**
 * The console's small overview of the last weeks: numbers only, no person's data, so nothing to
 * audit. People's leads only (suspected spam left out). One statement per kind, which reads the
 * receipts and first responses of its weeks from the kind's own index alone
 * (IDX_leads_responses_<kind>, migration 1795800000000): the week's figures and, in the same
 * pass, the whole period's (GROUPING SETS): leads/response-weeks.ts.
 */
export async function overviewOf(
  dataSource: DataSource,
  rules: PromiseRules,
  now: Date,
  weeks = 12,
): Promise<Overview> {
  const since = new Date(now.getTime() - weeks * 7 * 24 * 3600_000);
  const cut = dueCutoffs(now, rules);
  const recent = reportDays(now);
  const [perKind, due, field, booked, knownShare] = await Promise.all([
    Promise.all(
      LEAD_KINDS.map(async (kind) => {
        const overdue = cut[FIRST_STEP[kind]].overdue;
        const rows = await responseWeeks(dataSource, kind, since, SUPPORT_TIME_ZONE, overdue);
        return { kind, rows };
      }),
    ),
    openPromises(dataSource, rules, now),
    fieldPercentiles(dataSource),
    bookingWeeks(dataSource, since, SUPPORT_TIME_ZONE),
    knownSourceShare(dataSource, recent.from, recent.to),
  ]);
  const bookings: Overview['bookings'] = booked
    .filter((row): row is BookingWeek & { week: string } => row.week !== null)
    .map((row) => ({ ...row, share: row.requests > 0 ? row.inPromise / row.requests : null }));
  const weekly: Overview['weekly'] = [];
  const promises: Overview['promises'] = [];
  const firstResponse: Overview['firstResponse'] = [];
  for (const { kind, rows } of perKind) {
    for (const { week, n, ...row } of rows) {
      if (week === null) {
        if (row.answered > 0) {
          firstResponse.push({ kind, leads: row.answered, medianHours: row.medianHours! });
        }
        continue;
      }
      weekly.push({ week, kind, n });
      const decided = row.kept + row.late;
      promises.push({ week, kind, ...row, keptShare: decided > 0 ? row.kept / decided : null });
    }
  }
  const byWeek = (a: { week: string }, b: { week: string }) => a.week.localeCompare(b.week);
  return {
    since,
    weekly: weekly.sort(byWeek),
    firstResponse,
    promises: promises.sort(byWeek),
    bookings: bookings.sort(byWeek),
    due,
    knownSourceShare: knownShare,
    statementReview: reviewOf(supportDate(now)),
    field,
  };
}
