import { ApiProperty } from '@nestjs/swagger';

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One notification of a lead (table notifications) as operators read it: its channel (one of
 * notifications/channels.ts) and where its delivery stands, as the console's API describes it.
 * The table is read and written in SQL (leads/ owns it: outbox.ts, leads.store.ts), each read
 * through DELIVERY_COLUMNS.
 */
export class DeliveryRecord {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) submissionId!: string;
  @ApiProperty() channel!: string;
  /** What it tells: the lead itself ('lead'), or a reminder or escalation of one of its promises. */
  @ApiProperty({
    description:
      'lead, or reminder:<step> and escalation:<step>, with :<epoch> for a promise re-opened by a cancelled booking',
  })
  purpose!: string;
  /** Cancelled: a reminder no longer needed (the promise was kept, or the lead is spam). */
  @ApiProperty({ enum: DELIVERY_STATUSES, enumName: 'DeliveryStatus' })
  status!: DeliveryStatus;
  @ApiProperty({ type: 'integer' }) attempts!: number;
  @ApiProperty({ type: String, nullable: true })
  lastError!: string | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
  @ApiProperty({ type: Date, nullable: true }) sentAt!: Date | null;
}

/** The select list that reads a DeliveryRecord from notifications under the alias `n`. */
export const DELIVERY_COLUMNS = `n.id, n.submission_id AS "submissionId", n.channel, n.purpose, n.status,
  n.attempts, n.last_error AS "lastError", n.created_at AS "createdAt",
  n.updated_at AS "updatedAt", n.sent_at AS "sentAt"`;
