import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CONTACT_LIMITS } from './contact-limits.js';

/**
 * One message sent through the site's contact form. The column lengths are the contract's limits;
 * the migrations that made them are fixed history, so test/contact-columns.e2e-spec.ts checks
 * the migrated columns against the contract. The message column is text: its limit is checked
 * by the DTO, not the database.
 */
@Entity({ name: 'contact_submissions' })
export class ContactSubmission {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: CONTACT_LIMITS.name })
  name: string;

  @Column({ type: 'varchar', length: CONTACT_LIMITS.email })
  email: string;

  @Column({ type: 'varchar', length: CONTACT_LIMITS.company })
  company: string;

  @Column({ type: 'varchar', length: CONTACT_LIMITS.role })
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
