import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const CHANNELS = ['email', 'webhook', 'slack', 'acknowledgement'] as const;
export type Channel = (typeof CHANNELS)[number];
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

/** One notification of one submission on one channel, and where its delivery stands. */
@Entity({ name: 'notifications' })
export class Notification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'submission_id', type: 'uuid' })
  submissionId: string;

  @Column({ type: 'varchar', length: 32 })
  channel: Channel;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** When the outbox handed it to the queue; null until then. */
  @Column({ name: 'enqueued_at', type: 'timestamptz', nullable: true })
  enqueuedAt: Date | null;
}
