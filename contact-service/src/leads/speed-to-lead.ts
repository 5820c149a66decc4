import { ApiProperty } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { CALLBACK_HOURS } from './lead-promises.js';
import { rows } from '../database/rows.js';

/**
 * Speed to lead, measured with the booking: per week of receipt (its Monday, YYYY-MM-DD, in
 * `timeZone`), the contact requests sent through the form, how many of them booked a call
 * through the scheduler, how many booked within the callback promise, the hours from receipt to
 * the first booking (median, 90th percentile), and the bookings that came with no form (they made
 * their lead: lead_bookings.made_lead). `week` null is the whole period.
 */
export class BookingWeek {
  /** Its Monday (YYYY-MM-DD); null: the whole period. */
  @ApiProperty({ type: String, nullable: true }) week!: string | null;
  @ApiProperty({ type: 'integer' }) requests!: number;
  @ApiProperty({ type: 'integer' }) booked!: number;
  @ApiProperty({ type: 'integer' }) inPromise!: number;
  @ApiProperty({ type: 'integer' }) noForm!: number;
  @ApiProperty({ type: Number, nullable: true }) medianHours!: number | null;
  @ApiProperty({ type: Number, nullable: true })
  p90Hours!: number | null;
}

const HOURS = `extract(epoch FROM f.booked_at - s.created_at) / 3600`;

export async function bookingWeeks(
  dataSource: DataSource,
  since: Date,
  timeZone: string,
): Promise<BookingWeek[]> {
  // The bookings are few beside the leads: their first booking per lead is one small hash.
  return await rows<BookingWeek>(
    dataSource,
    `SELECT to_char(date_trunc('week', s.created_at AT TIME ZONE $2), 'YYYY-MM-DD') AS week,
            count(*) FILTER (WHERE f.made_lead IS NOT TRUE)::int AS requests,
            count(f.booked_at) FILTER (WHERE NOT f.made_lead)::int AS booked,
            count(*) FILTER (WHERE NOT f.made_lead
                               AND f.booked_at <= s.created_at + $3 * interval '1 hour')::int
              AS "inPromise",
            count(*) FILTER (WHERE f.made_lead)::int AS "noForm",
            percentile_cont(0.5) WITHIN GROUP (ORDER BY ${HOURS})
              FILTER (WHERE NOT f.made_lead)::float AS "medianHours",
            percentile_cont(0.9) WITHIN GROUP (ORDER BY ${HOURS})
              FILTER (WHERE NOT f.made_lead)::float AS "p90Hours"
       FROM contact_submissions s
       LEFT JOIN (SELECT b.submission_id, min(b.booked_at) AS booked_at,
                         bool_or(b.made_lead) AS made_lead
                    FROM lead_bookings b GROUP BY b.submission_id) f ON f.submission_id = s.id
      WHERE s.spam_reason IS NULL AND s.kind = 'contact' AND s.created_at >= $1
      GROUP BY GROUPING SETS ((1), ())`,
    [since, timeZone, CALLBACK_HOURS],
  );
}
