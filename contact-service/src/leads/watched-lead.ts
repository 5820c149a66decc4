import { rows, type Statements } from '../database/rows.js';
import type { LeadKind } from './lead-kind.js';
import { PROMISE_FROM_SQL } from './lead-promises.js';
import type { LeadStatus } from './lead-status.js';
import { activeOwnerJoin } from './operators-table.js';

// What the watch over a lead's promises reads of its leads (notifications/promise-watch.ts).

/** A lead just announced: its kind, and when its promises count from. */
export interface PromiseStart {
  id: string;
  kind: LeadKind;
  createdAt: Date;
}

/** The leads whose promises the watch starts on, in the caller's transaction. */
export function promiseStarts(db: Statements, leadIds: string[]): Promise<PromiseStart[]> {
  return rows<PromiseStart>(
    db,
    `SELECT s.id, s.kind AS kind, ${PROMISE_FROM_SQL} AS "createdAt"
       FROM contact_submissions s WHERE s.id = ANY($1::uuid[])`,
    [leadIds],
  );
}

/** A lead as a reminder or an escalation finds it: where it stands, and who owns it now. */
export interface WatchedLead {
  kind: LeadKind;
  status: LeadStatus;
  /** When its promises count from. */
  createdAt: Date;
  callbackFrom: Date | null;
  spam: boolean;
  /** The active owner's username and address; null for the team's. */
  owner: string | null;
  ownerEmail: string | null;
}

/** The lead a promise's job is about; none when it was erased. */
export async function watchedLead(db: Statements, id: string): Promise<WatchedLead | undefined> {
  const [lead] = await rows<WatchedLead>(
    db,
    `SELECT s.kind AS kind, s.status, ${PROMISE_FROM_SQL} AS "createdAt",
            s.callback_from AS "callbackFrom",
            s.spam_reason IS NOT NULL AS spam, u.username AS owner, u.email AS "ownerEmail"
       FROM contact_submissions s
       ${activeOwnerJoin('s', 'u')}
      WHERE s.id = $1`,
    [id],
  );
  return lead;
}
