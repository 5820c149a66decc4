import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A console session (table console_sessions, made by the migrations): the hash of its id (the id
 * itself lives only in the operator's cookie), its account, and what a session started through
 * the provider keeps to ask it again. The sealed tokens are read only when asked for.
 */
@Entity({ name: 'console_sessions' })
export class ConsoleSession {
  @PrimaryColumn({ name: 'id_hash', type: 'char', length: 64 }) idHash!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_seen_at', type: 'timestamptz' }) lastSeenAt!: Date;
  @Column({ name: 'user_agent', type: 'varchar', length: 200, nullable: true })
  userAgent!: string | null;
  /** The provider's session id (the ID token's sid), what a logout token names. */
  @Column({ name: 'sso_sid', type: 'varchar', nullable: true }) ssoSid!: string | null;
  /** The provider's tokens, sealed with CONSOLE_SECRET_KEY. */
  @Column({ name: 'sso_tokens', type: 'bytea', nullable: true, select: false })
  ssoTokens!: Buffer | null;
  @Column({ name: 'sso_checked_at', type: 'timestamptz', nullable: true })
  ssoCheckedAt!: Date | null;
}
