import { rows, type Statements } from '../database/rows.js';
import { DELIVERY_COLUMNS, type DeliveryRecord } from './delivery-record.js';
import { LEAD_COLUMNS, type LeadRecord } from './lead.js';
import { PROMISE_FROM_SQL } from './lead-promises.js';
import { activeOwnerJoin } from './operators-table.js';

// The outbox's side of a lead's notifications (table notifications, which leads/ owns: a lead's
// rows are written with the lead, lead-writer.ts, and cancelled by its state, lead-state.ts). The
// relay, the delivery and the redelivery of notifications/ run these statements and nothing else
// on the table (notifications/outbox-relay.ts, settlement.ts, redelivery.ts).

/** A row the relay hands to the queue; `C` is the caller's name for the channels. */
export interface Unqueued<C extends string = string> {
  id: string;
  channel: C;
  /** Tried before: one an operator gave back (`leads retry`). */
  again: boolean;
  leadId: string;
  /** A lead's announcement (its email, which every lead has). */
  announces: boolean;
}

/** The oldest rows not yet queued, locked for the caller's transaction (FOR UPDATE SKIP LOCKED). */
export function lockUnqueued<C extends string>(
  transaction: Statements,
  batch: number,
): Promise<Unqueued<C>[]> {
  return rows<Unqueued<C>>(
    transaction,
    `SELECT id, channel, attempts > 0 AS again, submission_id AS "leadId",
            purpose = 'lead' AND channel = 'email' AS announces
       FROM notifications WHERE enqueued_at IS NULL
      ORDER BY created_at LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
  );
}

/** Marks rows handed to the queue, in the transaction that handed them over. */
export async function markQueued(transaction: Statements, ids: string[], enqueuedAt: string) {
  await transaction.query(`UPDATE notifications SET enqueued_at = $2 WHERE id = ANY($1::uuid[])`, [
    ids,
    enqueuedAt,
  ]);
}

/** How many notifications wait for delivery. */
export async function pendingCount(db: Statements): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM notifications WHERE status = 'pending'`,
  );
  return row?.n ?? 0;
}

/** How many notifications are in one delivery state, per channel (channels with none left out). */
export function notificationsByChannel(
  db: Statements,
  status: 'pending' | 'failed',
): Promise<{ channel: string; n: number }[]> {
  return rows<{ channel: string; n: number }>(
    db,
    `SELECT channel, count(*)::int AS n FROM notifications WHERE status = $1 GROUP BY channel`,
    [status],
  );
}

/** The age in seconds of the oldest notification not delivered yet; 0 when none waits. */
export async function oldestPendingAge(db: Statements): Promise<number> {
  const [row] = await rows<{ age: number }>(
    db,
    `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
       FROM notifications WHERE status = 'pending'`,
  );
  return row?.age ?? 0;
}

/** A notification being attempted: its lead, what it tells, and who owns the lead now. */
export type Attempt = LeadRecord & {
  notificationId: string;
  purpose: string;
  /** When the lead's promises count from (lead-promises.ts's PROMISE_FROM_SQL). */
  promiseFrom: Date;
  owner: string | null;
  ownerEmail: string | null;
};

/**
 * Counts an attempt on each notification still pending and reads its lead, in one statement (a
 * statement that starts with WITH answers rows; TypeORM answers an UPDATE with a count).
 * Notifications settled meanwhile or erased with their lead are not in the answer.
 */
export function startAttempts(db: Statements, notificationIds: string[]): Promise<Attempt[]> {
  return rows<Attempt>(
    db,
    `WITH attempt AS (
       UPDATE notifications SET attempts = attempts + 1, updated_at = now()
        WHERE id = ANY($1::uuid[]) AND status = 'pending'
        RETURNING id AS notification_id, submission_id, purpose)
     SELECT a.notification_id AS "notificationId", a.purpose, ${LEAD_COLUMNS},
            ${PROMISE_FROM_SQL} AS "promiseFrom",
            u.username AS owner, u.email AS "ownerEmail"
       FROM contact_submissions s JOIN attempt a ON s.id = a.submission_id
       ${activeOwnerJoin('s', 'u')}`,
    [notificationIds],
  );
}

export async function recordSent(db: Statements, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE notifications SET status = 'sent', sent_at = now(), updated_at = now()
      WHERE id = ANY($1::uuid[])`,
    [ids],
  );
}

/** Keeps each failure's error; a final one settles its row as failed, others stay pending. */
export async function recordFailures(
  db: Statements,
  failures: { id: string; message: string; final: boolean }[],
): Promise<void> {
  if (failures.length === 0) return;
  await db.query(
    `UPDATE notifications n SET last_error = f.message, status = f.status, updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::varchar[]) AS f(id, message, status)
      WHERE n.id = f.id`,
    [
      failures.map((failure) => failure.id),
      failures.map((failure) => failure.message),
      failures.map((failure) => (failure.final ? 'failed' : 'pending')),
    ],
  );
}

/**
 * Settles a pending notification as failed when the queue gave up on its job, unless an operator
 * has given the row a new round of delivery since (its enqueued_at is not `enqueuedAt`). The
 * error is kept when the row has one.
 */
export async function giveUp(db: Statements, id: string, enqueuedAt: string | null) {
  await db.query(
    `UPDATE notifications SET status = 'failed', updated_at = now(),
            last_error = coalesce(last_error, 'the delivery worker stopped during the last attempt')
      WHERE id = $1 AND status = 'pending'
        AND ($2::timestamptz IS NULL OR enqueued_at = $2::timestamptz)`,
    [id, enqueuedAt],
  );
}

/**
 * Gives failed notifications back to the outbox (pending, not queued): `id` a notification's or a
 * lead's (all its failed ones), null every failed one. Answers them, oldest first.
 */
export function returnFailed(db: Statements, id: string | null): Promise<DeliveryRecord[]> {
  return rows<DeliveryRecord>(
    db,
    `WITH retried AS (
       UPDATE notifications n SET status = 'pending', enqueued_at = NULL, updated_at = now()
        WHERE n.status = 'failed' AND ($1::uuid IS NULL OR n.id = $1 OR n.submission_id = $1)
        RETURNING n.*)
     SELECT ${DELIVERY_COLUMNS} FROM retried n ORDER BY n.created_at, n.id`,
    [id],
  );
}

/**
 * A promise's notices to a lead on these channels, once per lead, channel and purpose: answers
 * whether any was new (a job run twice finds its notices there already).
 */
export async function addNotices(
  db: Statements,
  leadId: string,
  channels: readonly string[],
  purpose: string,
): Promise<boolean> {
  const added = await rows<{ id: string }>(
    db,
    `INSERT INTO notifications (submission_id, channel, purpose)
     SELECT $1::uuid, channel, $3::varchar FROM unnest($2::varchar[]) AS channel
     ON CONFLICT DO NOTHING RETURNING id`,
    [leadId, channels, purpose],
  );
  return added.length > 0;
}
