import { ApiProperty } from '@nestjs/swagger';
import { Column, Entity, PrimaryColumn } from 'typeorm';

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const timestamp = (name: string, nullable = false) =>
  Column({ name, type: 'timestamptz', nullable });

/**
 * One notification of a lead (table notifications) as operators read it: its channel (one of
 * notifications/channels.ts) and where its delivery stands. An entity for the reads a repository
 * says plainly (leads.store.ts); DELIVERY_COLUMNS where SQL earns its place (redelivery.ts).
 */
@Entity({ name: 'notifications' })
export class DeliveryRecord {
  @ApiProperty({ format: 'uuid' }) @PrimaryColumn('uuid') id!: string;
  @ApiProperty({ format: 'uuid' })
  @Column({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;
  @ApiProperty() @Column('varchar') channel!: string;
  /** What it tells: the lead itself ('lead'), or a reminder or escalation of one of its promises. */
  @ApiProperty({
    description:
      'lead, or reminder:<step> and escalation:<step>, with :<epoch> for a promise re-opened by a cancelled booking',
  })
  @Column('varchar')
  purpose!: string;
  /** Cancelled: a reminder no longer needed (the promise was kept, or the lead is spam). */
  @ApiProperty({ enum: DELIVERY_STATUSES, enumName: 'DeliveryStatus' })
  @Column('varchar')
  status!: DeliveryStatus;
  @ApiProperty({ type: 'integer' }) @Column('integer') attempts!: number;
  @ApiProperty({ type: String, nullable: true })
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
  @ApiProperty() @timestamp('created_at') createdAt!: Date;
  @ApiProperty() @timestamp('updated_at') updatedAt!: Date;
  @ApiProperty({ type: Date, nullable: true }) @timestamp('sent_at', true) sentAt!: Date | null;
}

/** The select list that reads a DeliveryRecord from notifications under the alias `n`. */
export const DELIVERY_COLUMNS = `n.id, n.submission_id AS "submissionId", n.channel, n.purpose, n.status,
  n.attempts, n.last_error AS "lastError", n.created_at AS "createdAt",
  n.updated_at AS "updatedAt", n.sent_at AS "sentAt"`;
