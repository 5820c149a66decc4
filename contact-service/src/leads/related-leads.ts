import type { DataSource } from 'typeorm';
import { ApiProperty } from '@nestjs/swagger';
import { LEAD_KINDS, type LeadKind } from './lead-kind.js';
import { STATUSES, type LeadStatus } from './lead-status.js';
import { rows } from '../database/rows.js';

/**
 * Mail providers anyone can sign up with: two leads from such a domain share a provider, not a
 * company, so they are never related by their domain. The one list of them.
 */
export const FREE_MAIL_DOMAINS = [
  'aol.com',
  'gmail.com',
  'googlemail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'icloud.com',
  'live.com',
  'mac.com',
  'mail.com',
  'mail.ru',
  'me.com',
  'msn.com',
  'orange.fr',
  'outlook.com',
  'outlook.fr',
  'pm.me',
  'proton.me',
  'protonmail.com',
  'qq.com',
  't-online.de',
  'web.de',
  'yahoo.co.uk',
  'yahoo.com',
  'yahoo.fr',
  'yandex.ru',
  'zoho.com',
  '163.com',
  '126.com',
] as const;

/** What every list of leads shows of each: who, from where, what and where it stands. */
export class LeadHeading {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() receivedAt!: Date;
  @ApiProperty({ enum: LEAD_KINDS, enumName: 'LeadKind' }) kind!: LeadKind;
  @ApiProperty({ enum: STATUSES, enumName: 'LeadStatus' }) status!: LeadStatus;
  @ApiProperty() name!: string;
  @ApiProperty() company!: string;
}

/** A lead's earlier lead from the same address or the same company's email domain. */
export class RelatedLead extends LeadHeading {
  @ApiProperty() sameAddress!: boolean;
}

/** The most earlier leads a row counts (it shows "99+" past that) and a lead screen lists. */
export const RELATED_COUNT_MAX = 99;
export const RELATED_LIST_MAX = 20;

const DOMAIN = (alias: string) => `lower(split_part(${alias}.email, '@', 2))`;

/** Whether an address is at a free-mail provider (FREE_MAIL_DOMAINS). */
export const isFreeMail = (email: string) =>
  (FREE_MAIL_DOMAINS as readonly string[]).includes(email.split('@').pop()!.toLowerCase());

/**
 * Earlier leads of the lead `s` related to it, under the alias `o`: from the same company's
 * domain, which holds its same address too; at a free-mail provider, from the same address only.
 * Each is one backward index scan from s's receipt (IDX_leads_domain, IDX_contact_submissions_email)
 * that a LIMIT stops: asked as one condition with an OR, Postgres built a bitmap of every lead of
 * a busy domain for each row (6 s a page at a million leads, bench/inbox-bench.ts).
 */
const sameDomain = (s: string, o: string) =>
  `${o}.spam_reason IS NULL AND ${DOMAIN(o)} = ${DOMAIN(s)} AND ${o}.created_at < ${s}.created_at`;
const sameAddress = (s: string, o: string) =>
  `${o}.spam_reason IS NULL AND lower(${o}.email) = lower(${s}.email) AND ${o}.created_at < ${s}.created_at`;

/** The SQL of how many earlier leads relate to `s`, counted up to RELATED_COUNT_MAX + 1. */
export function relatedCountSql(s: string, free: string): string {
  // In the index's order, so that the planner walks the index back from s and stops at the
  // LIMIT: counted without an order, it built a bitmap of the whole domain at 100,000 leads.
  const count = (condition: string) =>
    `(SELECT count(*)::int FROM (SELECT 1 FROM contact_submissions o WHERE ${condition}
       ORDER BY o.created_at DESC LIMIT ${RELATED_COUNT_MAX + 1}) earlier)`;
  return `CASE WHEN ${DOMAIN(s)} = ANY(${free}::text[]) THEN ${count(sameAddress(s, 'o'))}
               ELSE ${count(sameDomain(s, 'o'))} END`;
}

/**
 * Earlier leads of one lead, newest first. Asked with its address or domain as a value, so that
 * the planner walks that index (joined to the lead instead, it walked the whole table back from
 * the newest lead: 400 ms at a million leads for a rare domain, bench/inbox-bench.ts).
 */
export async function relatedLeads(
  dataSource: DataSource,
  lead: { id: string; email: string; createdAt: Date },
): Promise<RelatedLead[]> {
  const free = isFreeMail(lead.email);
  const email = lead.email.toLowerCase();
  return await rows<RelatedLead>(
    dataSource,
    `SELECT o.id, o.created_at AS "receivedAt", o.kind AS kind, o.status, o.name,
            o.company, lower(o.email) = $1 AS "sameAddress"
       FROM contact_submissions o
      WHERE o.spam_reason IS NULL AND o.created_at < $3
        AND ${free ? 'lower(o.email)' : DOMAIN('o')} = $2
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${RELATED_LIST_MAX}`,
    [email, free ? email : email.split('@').pop(), lead.createdAt],
  );
}
