import type { DataSource } from 'typeorm';
import { kindSql, type LeadKind } from './lead-kind.js';
import type { LeadStatus } from './lead-status.js';

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

/** A lead's earlier lead from the same address or the same company's email domain. */
export interface RelatedLead {
  id: string;
  receivedAt: Date;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  company: string;
  sameAddress: boolean;
}

/** The most earlier leads a row counts (it shows "99+" past that) and a lead screen lists. */
export const RELATED_COUNT_MAX = 99;
export const RELATED_LIST_MAX = 20;

const DOMAIN = (alias: string) => `lower(split_part(${alias}.email, '@', 2))`;

/**
 * The SQL condition "o is an earlier lead related to s": received before it, not spam, from the
 * same address (any case) or from the same domain unless that domain is free mail ($free). Each
 * side is answered by an index (lower(email), created_at) or (domain, created_at).
 */
export function relatedSql(s: string, o: string, free: string): string {
  return `${o}.spam_reason IS NULL AND ${o}.created_at < ${s}.created_at AND ${o}.id <> ${s}.id
    AND (lower(${o}.email) = lower(${s}.email)
         OR (${DOMAIN(o)} = ${DOMAIN(s)} AND NOT ${DOMAIN(s)} = ANY(${free}::text[])))`;
}

/** Earlier leads of one lead, newest first. */
export async function relatedLeads(dataSource: DataSource, id: string): Promise<RelatedLead[]> {
  return (await dataSource.query(
    `SELECT o.id, o.created_at AS "receivedAt", ${kindSql('o.message')} AS kind, o.status, o.name,
            o.company, lower(o.email) = lower(s.email) AS "sameAddress"
       FROM contact_submissions s JOIN contact_submissions o ON ${relatedSql('s', 'o', '$2')}
      WHERE s.id = $1
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${RELATED_LIST_MAX}`,
    [id, FREE_MAIL_DOMAINS],
  )) as RelatedLead[];
}
