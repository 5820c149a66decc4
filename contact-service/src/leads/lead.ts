import { ApiProperty } from '@nestjs/swagger';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { ATTRIBUTION_KEYS, type Attribution, type LeadSource } from './attribution.js';
import { LEAD_KINDS, visitorText, type LeadKind } from './lead-kind.js';
import type { LeadStatus } from './lead-status.js';

export type { LeadKind } from './lead-kind.js';
/** How the channels tell what brought a lead (integrations/ read leads only through this file). */
export { attributionLines, knownSourceLines } from './attribution.js';
export type { PromisedStep } from './lead-promises.js';
export type { AnsweredStep } from './accessibility-report.js';

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
  /** What brought the lead (attribution.ts); null where the visit did not say, or before 1.3.0. */
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  utm_source!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  utm_medium!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  utm_campaign!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  utm_term!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  utm_content!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  gclid!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  msclkid!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  li_fat_id!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  landing_path!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  referrer_host!: string | null;
  /** The source, medium and campaign the sources report counts it under; null before 1.3.0. */
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  source!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  medium!: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'varchar', nullable: true })
  campaign!: string | null;
  /**
   * The lead's state, which its one writer changes (lead-state.ts, lead-owners.ts): never read
   * with the lead (select: false); the inbox reads it in its SQL (inbox.store.ts).
   */
  @Column({ type: 'varchar', length: 16, select: false }) status?: LeadStatus;
  @Column({ name: 'owner_id', type: 'uuid', nullable: true, select: false })
  ownerId?: string | null;
  @Column({ name: 'responded_at', type: 'timestamptz', nullable: true, select: false })
  respondedAt?: Date | null;
  @Column({ name: 'responded_on_time', type: 'boolean', nullable: true, select: false })
  respondedOnTime?: boolean | null;
  @Column({ name: 'callback_from', type: 'timestamptz', nullable: true, select: false })
  callbackFrom?: Date | null;
  /** The client's Idempotency-Key (lead-writer.ts); never read with the lead, only looked up by. */
  @Column({ name: 'idempotency_key', type: 'varchar', nullable: true, select: false })
  idempotencyKey?: string | null;
}

/** The columns of what brought a lead: the form's attribution, and the source it is counted under. */
export const ATTRIBUTION_COLUMNS = [...ATTRIBUTION_KEYS, 'source', 'medium', 'campaign'] as const;

/** The select list that reads a LeadRecord from contact_submissions under the alias `s`. */
export const LEAD_COLUMNS = `s.id, s.created_at AS "createdAt", s.kind AS kind,
  s.name, s.email, s.company, s.role, s.message, s.spam_reason AS "spamReason",
  ${ATTRIBUTION_COLUMNS.map((column) => `s.${column}`).join(', ')}`;

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
  /** What brought it (attribution.ts): the keys the visit had; null when none was recorded. */
  attribution: Attribution | null;
  source: LeadSource | null;
}

export function toLead(record: LeadRecord): Lead {
  const { id, kind, name, email, company, role, createdAt } = record;
  return {
    id,
    kind,
    name,
    email,
    company,
    role,
    message: visitorText(record.message),
    createdAt,
    ...attributionOf(record),
  };
}

/** A stored lead's attribution and source, as the channels and screens tell them. */
export function attributionOf(record: LeadRecord): Pick<Lead, 'attribution' | 'source'> {
  if (record.source === null || record.source === undefined) {
    return { attribution: null, source: null };
  }
  const attribution: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = record[key];
    if (value) attribution[key] = value;
  }
  const source = {
    source: record.source,
    medium: record.medium ?? '',
    campaign: record.campaign ?? '',
  };
  return { attribution, source };
}

/** An id's form: 8-4-4-4-12 hexadecimal digits. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text is an id at all: a lookup by anything else finds nothing without asking. */
export const isUuid = (value: string) => UUID.test(value);
