import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Sign-in failures in a row of one key, an account or a client address (sign-in-throttle.ts). */
@Entity({ name: 'sign_in_failures' })
export class SignInFailure {
  @PrimaryColumn({ type: 'varchar', length: 200 }) key!: string;
  @Column({ type: 'integer' }) failures!: number;
  @Column({ name: 'last_failure_at', type: 'timestamptz' }) lastFailureAt!: Date;
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true }) lockedUntil!: Date | null;
}
