import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { AccessibilityReportRow } from './accessibility-report.js';

/**
 * The rows a change of a lead's state writes, as TypeORM entities (the tables are the
 * migrations'; TypeORM never changes the schema). Their one writer is lead-state.ts with
 * lead-owners.ts and lead-meeting.ts; the inbox's keyset pages and the exports read the same
 * tables in SQL (docs/development.md, "The contact-service"). A lead's history
 * (lead_status_changes, lead_events) has no entity: it is written and read in SQL
 * (lead-history.ts, lead-events.ts), ordered by the statement clock to the microsecond.
 */

/** The schedulers whose bookings come back to their leads (the migration's CHK_lead_bookings_scheduler). */
export const SCHEDULERS = ['calendly', 'cal.com'] as const;
export type Scheduler = (typeof SCHEDULERS)[number];

export const MEETING_STATUSES = ['booked', 'rescheduled', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** A lead's call through the scheduler (lead-meeting.ts). */
@Entity({ name: 'lead_bookings' })
export class LeadBookingRow {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'submission_id', type: 'uuid' }) submissionId!: string;
  @Column({ type: 'varchar', length: 16 }) scheduler!: Scheduler;
  @Column({ type: 'varchar', length: 500 }) reference!: string;
  @Column({ type: 'varchar', length: 16 }) status!: MeetingStatus;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** The SHA-256 of an erased person's booking reference (lead-removal.ts). */
@Entity({ name: 'erased_bookings' })
export class ErasedBookingRow {
  @PrimaryColumn({ type: 'varchar', length: 16 }) scheduler!: string;
  @PrimaryColumn({ name: 'reference_hash', type: 'bytea' }) referenceHash!: Buffer;
}

/** Every entity of this file, for the leads module's repositories. */
export const LEAD_ROW_ENTITIES = [AccessibilityReportRow, LeadBookingRow, ErasedBookingRow];
