import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One message sent through the site's contact form (site spec §3). */
@Entity({ name: 'contact_submissions' })
export class ContactSubmission {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  company: string;

  @Column({ type: 'varchar', length: 100 })
  role: string;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  /** The client's Idempotency-Key: a retry with the same key gets the first receipt back. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true, unique: true })
  idempotencyKey: string | null;

  /** Why the submission is suspected spam (a trap field was filled); null for a person's. */
  @Column({ name: 'spam_reason', type: 'text', nullable: true })
  spamReason: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
