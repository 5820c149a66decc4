import { ApiProperty } from '@nestjs/swagger';
import { ATTRIBUTION_KEYS, type Attribution, type LeadSource } from './attribution.js';
import { LEAD_KINDS, visitorText, type LeadKind } from './lead-kind.js';

export type { LeadKind } from './lead-kind.js';
/** How the channels tell what brought a lead (integrations/ read leads only through this file). */
export { attributionLines, knownSourceLines } from './attribution.js';
export type { PromisedStep } from './lead-promises.js';
export type { AnsweredStep } from './accessibility-report.js';

/**
 * The spec's contact submission: a lead as it is stored (table contact_submissions, made by the
 * migrations), with its kind, as the console's API describes it. The table is leads/'s, read and
 * written in SQL (the inbox's keyset pages, the writer's one-statement insert with its outbox
 * rows, the exports): LEAD_COLUMNS reads this shape. The lead's state (status, owner, first
 * response, callback) is not part of it: its writers set it (lead-row.ts), the inbox reads it.
 */
export class LeadRecord {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ enum: LEAD_KINDS, enumName: 'LeadKind' }) kind!: LeadKind;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() company!: string;
  @ApiProperty() role!: string;
  @ApiProperty({ type: String, nullable: true })
  message!: string | null;
  @ApiProperty({ type: String, nullable: true })
  spamReason!: string | null;
  /** What brought the lead (attribution.ts); null where the visit did not say, or before 1.3.0. */
  @ApiProperty({ type: String, nullable: true })
  utm_source!: string | null;
  @ApiProperty({ type: String, nullable: true })
  utm_medium!: string | null;
  @ApiProperty({ type: String, nullable: true })
  utm_campaign!: string | null;
  @ApiProperty({ type: String, nullable: true })
  utm_term!: string | null;
  @ApiProperty({ type: String, nullable: true })
  utm_content!: string | null;
  @ApiProperty({ type: String, nullable: true })
  gclid!: string | null;
  @ApiProperty({ type: String, nullable: true })
  msclkid!: string | null;
  @ApiProperty({ type: String, nullable: true })
  li_fat_id!: string | null;
  @ApiProperty({ type: String, nullable: true })
  landing_path!: string | null;
  @ApiProperty({ type: String, nullable: true })
  referrer_host!: string | null;
  /** The source, medium and campaign the sources report counts it under; null before 1.3.0. */
  @ApiProperty({ type: String, nullable: true })
  source!: string | null;
  @ApiProperty({ type: String, nullable: true })
  medium!: string | null;
  @ApiProperty({ type: String, nullable: true })
  campaign!: string | null;
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
