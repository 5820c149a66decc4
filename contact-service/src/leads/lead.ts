import { ApiProperty } from '@nestjs/swagger';
import { LEAD_KINDS, visitorText, type LeadKind } from './lead-kind.js';

export type { LeadKind } from './lead-kind.js';
export type { PromisedStep } from './lead-promises.js';

/**
 * A lead as it is stored (table contact_submissions), with its kind: the one definition of its
 * row, read by the store, the notifications and the tests through LEAD_COLUMNS.
 */
export class LeadRecord {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ enum: LEAD_KINDS, enumName: 'LeadKind' }) kind!: LeadKind;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() company!: string;
  @ApiProperty() role!: string;
  @ApiProperty({ type: String, nullable: true }) message!: string | null;
  @ApiProperty({ type: String, nullable: true }) spamReason!: string | null;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text is an id at all: a lookup by anything else finds nothing without asking. */
export const isUuid = (value: string) => UUID.test(value);
