import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A logout token already acted on (table sso_logout_tokens, the migrations'), by its jti: one
 * that comes again is refused as a replay (backchannel-logout.ts). Kept a day.
 */
@Entity({ name: 'sso_logout_tokens' })
export class UsedLogoutToken {
  @PrimaryColumn({ type: 'varchar', length: 255 }) jti!: string;
  @Column({ name: 'seen_at', type: 'timestamptz' }) seenAt!: Date;
}
