import workflows from '@proposal-site/contract/workflows.json' with { type: 'json' };
import type { LeadKind } from './lead-kind.js';

/**
 * Where a lead stands in its team's work: a contact request goes new → contacted → qualified |
 * not a fit; accessibility feedback new → acknowledged → assessed → resolved, or won't fix
 * (wont_fix, from acknowledged or assessed). The one place the workflows are written is
 * contract/workflows.json, which the console reads too; the database holds the same statuses
 * (CHK_contact_submissions_status_v2, migration 1797100000000), and lead-status.spec.ts holds
 * the file to both.
 */
export const WORKFLOWS = workflows satisfies Record<LeadKind, Record<string, string[]>>;

export type ContactStatus = keyof (typeof WORKFLOWS)['contact'];
export type AccessibilityStatus = keyof (typeof WORKFLOWS)['accessibility'];
export type LeadStatus = ContactStatus | AccessibilityStatus;

export const STATUSES: readonly LeadStatus[] = [
  ...new Set([...Object.keys(WORKFLOWS.contact), ...Object.keys(WORKFLOWS.accessibility)]),
] as LeadStatus[];

export const isStatus = (value: unknown): value is LeadStatus =>
  typeof value === 'string' && (STATUSES as readonly string[]).includes(value);

/** The statuses a lead of this kind may move to from `status` (none: the work is done). */
export function nextStatuses(kind: LeadKind, status: LeadStatus): readonly LeadStatus[] {
  return (WORKFLOWS[kind] as Record<string, readonly LeadStatus[]>)[status] ?? [];
}

/** The statuses of a kind, in workflow order. */
export const statusesOf = (kind: LeadKind) => Object.keys(WORKFLOWS[kind]) as LeadStatus[];

/** A status as a sentence says it: not_a_fit → "not a fit". */
const label = (status: LeadStatus) => status.replaceAll('_', ' ');

/** Why a lead of `kind` cannot move from `from` to `to` in its workflow, or null when it can. */
export function workflowRefusal(kind: LeadKind, from: LeadStatus, to: LeadStatus): string | null {
  const allowed = nextStatuses(kind, from);
  if (allowed.includes(to)) return null;
  return allowed.length === 0
    ? `This lead is ${label(from)}: its work is done.`
    : `A ${label(from)} lead can move to ${allowed.map(label).join(' or ')}, not to ${label(to)}.`;
}
