import { Entity, PrimaryColumn } from 'typeorm';

/**
 * The one row beside a lead that a repository handles plainly, as a TypeORM entity (the tables
 * are the migrations'; TypeORM never changes the schema): what an erasure keeps of a booking
 * (lead-removal.ts). A lead's meeting (lead_bookings, lead-meeting.ts), its accessibility report
 * (accessibility-report.ts) and its history (lead_status_changes, lead_events: lead-history.ts,
 * lead-events.ts) have no entity: they are written and read in SQL, the meeting beside the
 * inbox's keyset pages, the report by its upserts, the history ordered by the statement clock.
 */

/** The schedulers whose bookings come back to their leads (the migration's CHK_lead_bookings_scheduler). */
export const SCHEDULERS = ['calendly', 'cal.com'] as const;
export type Scheduler = (typeof SCHEDULERS)[number];

export const MEETING_STATUSES = ['booked', 'rescheduled', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** The SHA-256 of an erased person's booking reference (lead-removal.ts). */
@Entity({ name: 'erased_bookings' })
export class ErasedBookingRow {
  @PrimaryColumn({ type: 'varchar', length: 16 }) scheduler!: string;
  @PrimaryColumn({ name: 'reference_hash', type: 'bytea' }) referenceHash!: Buffer;
}

/** Every entity of this file, for the leads module's repositories. */
export const LEAD_ROW_ENTITIES = [ErasedBookingRow];
