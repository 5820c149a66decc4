import { ApiProperty } from '@nestjs/swagger';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { LEAD_KINDS, visitorText, type LeadKind } from './lead-kind.js';

export type { LeadKind } from './lead-kind.js';
export type { PromisedStep } from './lead-promises.js';

/**
 * The spec's contact submission: a lead as it is stored (table contact_submissions, made by the
 * migrations; TypeORM never changes the schema), with its kind. The one definition of its row:
 * a TypeORM entity where a repository reads naturally (one lead by id), and LEAD_COLUMNS where
 * hand-written SQL earns its place (the inbox's keyset pages, the writer's one-statement insert
 * with its outbox rows, the exports), as the console's API describes it.
 */
@Entity({ name: 'contact_submissions' })
export class LeadRecord {
  @ApiProperty({ format: 'uuid' }) @PrimaryGeneratedColumn('uuid') id!: string;
  @ApiProperty() @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @ApiProperty({ enum: LEAD_KINDS, enumName: 'LeadKind' }) @Column('varchar') kind!: LeadKind;
  @ApiProperty() @Column('varchar') name!: string;
  @ApiProperty() @Column('varchar') email!: string;
  @ApiProperty() @Column('varchar') company!: string;
  @ApiProperty() @Column('varchar') role!: string;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'text', nullable: true })
  message!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ name: 'spam_reason', type: 'varchar', nullable: true })
  spamReason!: string | null;
  /** The client's Idempotency-Key (lead-writer.ts); never read with the lead, only looked up by. */
  @Column({ name: 'idempotency_key', type: 'varchar', nullable: true, select: false })
  idempotencyKey?: string | null;
}

/** The select list that reads a LeadRecord from contact_submissions under the alias `s`. */
export const LEAD_COLUMNS = `s.id, s.created_at AS "createdAt", s.kind AS kind,
  s.name, s.email, s.company, s.role, s.message, s.spam_reason AS "spamReason"`;

/** A lead as the notification channels tell it: the visitor's text without the subject line. */
export interface Lead {
  id: string;
  kind: LeadKind;
  name: string;
  email: string;
  company: string;
  role: string;
  message: string;
  createdAt: Date;
}

export function toLead(record: LeadRecord): Lead {
  const { id, kind, name, email, company, role, createdAt } = record;
  return { id, kind, name, email, company, role, message: visitorText(record.message), createdAt };
}

/** An id's form: 8-4-4-4-12 hexadecimal digits. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text is an id at all: a lookup by anything else finds nothing without asking. */
export const isUuid = (value: string) => UUID.test(value);
