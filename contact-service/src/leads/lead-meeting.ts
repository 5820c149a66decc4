import { ApiProperty } from '@nestjs/swagger';

/** The schedulers whose bookings come back to their leads (the migration's CHK_lead_bookings_scheduler). */
export const SCHEDULERS = ['calendly', 'cal.com'] as const;
export type Scheduler = (typeof SCHEDULERS)[number];

export const MEETING_STATUSES = ['booked', 'rescheduled', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/**
 * The discovery call a lead booked through the scheduler (table lead_bookings, src/bookings/):
 * its latest booking, as the inbox row, the lead screen and `leads show` tell it. A rescheduled
 * booking has its new times; a cancelled one stays, marked so, until another is made.
 */
export class Meeting {
  @ApiProperty({ enum: SCHEDULERS, enumName: 'Scheduler' }) scheduler!: Scheduler;
  @ApiProperty({ enum: MEETING_STATUSES, enumName: 'MeetingStatus' }) status!: MeetingStatus;
  @ApiProperty({ format: 'date-time' }) startsAt!: string;
  @ApiProperty({ format: 'date-time' }) endsAt!: string;
  /** The host's name (or address) as the scheduler gave it. */
  @ApiProperty({ type: String, nullable: true }) host!: string | null;
}

const utc = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The meeting of the lead whose id is `leadId` (SQL), as JSON, or null: its booking still on,
 * else the latest one (cancelled). Calendly tells a reschedule as a new booking and the old one
 * cancelled, in either order, so the order of arrival cannot decide.
 */
export const meetingSql = (leadId: string) => `(
  SELECT jsonb_build_object('scheduler', b.scheduler, 'status', b.status,
           'startsAt', ${utc('b.starts_at')}, 'endsAt', ${utc('b.ends_at')},
           'host', coalesce(b.host_name, b.host_email))
    FROM lead_bookings b WHERE b.submission_id = ${leadId}
   ORDER BY b.status <> 'cancelled' DESC, b.updated_at DESC, b.booked_at DESC LIMIT 1)`;
