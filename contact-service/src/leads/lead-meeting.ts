import { ApiProperty } from '@nestjs/swagger';
import type { EntityManager } from 'typeorm';
import {
  MEETING_STATUSES,
  SCHEDULERS,
  type MeetingStatus,
  type Scheduler,
} from './lead-rows.entity.js';

export { MEETING_STATUSES, SCHEDULERS, type MeetingStatus, type Scheduler };

/**
 * How a scheduler's event found its lead (bookings/bookings.service.ts): the booking it belongs
 * to already, the booking link's signed token, the address the booker typed, or none (the
 * booking made a new lead).
 */
export const BOOKING_MATCHES = ['booking', 'link', 'address', 'new'] as const;
export type BookingMatch = (typeof BOOKING_MATCHES)[number];

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

/** A scheduler's event as lead_bookings keeps it (bookings/booking-event.ts reads the event). */
export interface MeetingChange {
  scheduler: Scheduler;
  status: MeetingStatus;
  /** The booking's own reference at the scheduler, and for a reschedule, the one it replaces. */
  reference: string;
  replaces: string | null;
  startsAt: Date;
  endsAt: Date;
  host: { name: string | null; email: string | null };
}

/**
 * Writes a lead's meeting, in the caller's transaction: the booking it replaces (a reschedule)
 * cancelled, and this one stored or brought up to date. `madeLead`: the booking made its lead.
 */
export async function recordMeeting(
  manager: EntityManager,
  leadId: string,
  change: MeetingChange,
  now: Date,
  madeLead: boolean,
): Promise<void> {
  if (change.replaces) {
    await manager.query(
      `UPDATE lead_bookings SET status = 'cancelled', updated_at = $3
        WHERE scheduler = $1 AND reference = $2`,
      [change.scheduler, change.replaces.slice(0, 500), now],
    );
  }
  // On a conflict only the times, the host and the status change: the lead, the booking's time
  // and made_lead stay.
  await manager.query(
    `INSERT INTO lead_bookings (submission_id, scheduler, reference, starts_at, ends_at,
                                host_name, host_email, status, booked_at, updated_at, made_lead)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10)
     ON CONFLICT (scheduler, reference) DO UPDATE
       SET starts_at = excluded.starts_at, ends_at = excluded.ends_at,
           host_name = excluded.host_name, host_email = excluded.host_email,
           status = excluded.status, updated_at = excluded.updated_at`,
    [
      leadId,
      change.scheduler,
      change.reference.slice(0, 500),
      change.startsAt,
      change.endsAt,
      change.host.name?.slice(0, 200) ?? null,
      change.host.email?.slice(0, 254) ?? null,
      change.status,
      now,
      madeLead,
    ],
  );
}
