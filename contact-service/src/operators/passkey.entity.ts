import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A passkey (table passkeys, made by the migrations; TypeORM never changes the schema): the
 * WebAuthn credential's id, its public key and signature counter, and the name its owner gave it.
 * It goes with its account (ON DELETE CASCADE).
 */
@Entity({ name: 'passkeys' })
export class Passkey {
  @PrimaryColumn({ type: 'varchar', length: 1400 }) id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'public_key', type: 'bytea' }) publicKey!: Buffer;
  /** The authenticator's signature counter (bigint: read as text). */
  @Column({ type: 'bigint' }) counter!: string;
  @Column({ type: 'text', array: true }) transports!: string[];
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
}

/** A passkey challenge that was answered, kept until it expires so that it is answered once. */
@Entity({ name: 'used_passkey_challenges' })
export class UsedPasskeyChallenge {
  @PrimaryColumn({ name: 'challenge_hash', type: 'char', length: 64 }) challengeHash!: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
}
