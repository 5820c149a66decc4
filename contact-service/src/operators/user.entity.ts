import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What an operator may do: members work the inbox; admins also manage accounts. */
export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A column only sign-in, enrolment and the own account's changes read: never selected unasked. */
const SECRET = { nullable: true, select: false } as const;

/**
 * The spec's User record (table users, made by the migrations; TypeORM never changes the
 * schema): an operator's account, as the repositories read and write it. The secrets it also
 * holds (the password's hash, the sealed TOTP secret and its last step) are mapped with
 * `select: false`: a find reads them only when its `select` names them.
 */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 100 }) username!: string;
  @Column({ type: 'varchar', length: 16 }) role!: Role;
  /** Where the reminders of the leads the operator owns go; null: to the team. */
  @Column({ type: 'varchar', length: 254, nullable: true }) email!: string | null;
  @Column({ name: 'auto_assign', type: 'boolean' }) autoAssign!: boolean;
  /** A day (YYYY-MM-DD) before which no lead is given to the operator. */
  @Column({ name: 'away_until', type: 'date', nullable: true }) awayUntil!: string | null;
  @Column({ name: 'enrolled_at', type: 'timestamptz', nullable: true }) enrolledAt!: Date | null;
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true }) disabledAt!: Date | null;
  @Column({ name: 'sso_issuer', type: 'varchar', length: 500, nullable: true })
  ssoIssuer!: string | null;
  @Column({ name: 'sso_subject', type: 'varchar', length: 255, nullable: true })
  ssoSubject!: string | null;
  @Column({ name: 'break_glass', type: 'boolean' }) breakGlass!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  /** The password's hash (password-hash.ts); null: none here (not enrolled, or single sign-on). */
  @Column({ type: 'varchar', length: 255, ...SECRET }) password!: string | null;
  @Column({ name: 'password_changed_at', type: 'timestamptz', ...SECRET })
  passwordChangedAt!: Date | null;
  /** The authenticator's secret, sealed with CONSOLE_SECRET_KEY (secret-box.ts). */
  @Column({ name: 'totp_secret', type: 'bytea', ...SECRET }) totpSecret!: Buffer | null;
  /** The last TOTP step used (bigint: read as text), so that each code is used once. */
  @Column({ name: 'totp_last_step', type: 'bigint', ...SECRET }) totpLastStep!: string | null;
}
