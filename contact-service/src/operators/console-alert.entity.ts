import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ConsoleAlertKind } from '../integrations/console-alert.js';

/**
 * An admins' alert of the console (table console_alerts, made by the migrations; TypeORM never
 * changes the schema), an outbox row that break-glass-alarm.ts delivers on the team's channels.
 */
@Entity({ name: 'console_alerts' })
export class ConsoleAlertRecord {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 40 }) kind!: ConsoleAlertKind;
  @Column({ type: 'varchar', length: 100 }) username!: string;
  /** The admin whose act raised it (a reset), or null. */
  @Column({ type: 'varchar', length: 200, nullable: true }) by!: string | null;
  @Column({ type: 'timestamptz' }) at!: Date;
  @Column({ type: 'varchar', length: 10 }) status!: 'pending' | 'sent' | 'failed';
  /** The channels that have it. */
  @Column({ type: 'varchar', length: 20, array: true }) delivered!: string[];
  @Column({ type: 'integer' }) attempts!: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz' }) nextAttemptAt!: Date;
  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true })
  lastError!: string | null;
}
