import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What an operator may do: members work the inbox; admins also manage accounts. */
export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The spec's User record (table users, made by the migrations; TypeORM never changes the
 * schema): an operator's account, as the repositories read and write it where a row reads
 * naturally. The secrets it also holds (the password's hash, the sealed TOTP secret) are not
 * mapped: only sign-in, enrolment and the own account's changes touch them, in SQL.
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
  @Column({ name: 'sso_subject', type: 'varchar', length: 255, nullable: true })
  ssoSubject!: string | null;
  @Column({ name: 'break_glass', type: 'boolean' }) breakGlass!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
