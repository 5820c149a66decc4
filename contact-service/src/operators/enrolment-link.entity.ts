import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An enrolment link (table enrolments): the hash of its token (the token itself is only in the
 * link), its account, when it expires, and the TOTP secret made when it was first opened (sealed,
 * read only when asked for).
 */
@Entity({ name: 'enrolments' })
export class EnrolmentLink {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 }) tokenHash!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'totp_secret', type: 'bytea', nullable: true, select: false })
  totpSecret!: Buffer | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
}
