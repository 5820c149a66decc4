// What happens when a delivery fails (a webhook that answers 500, a mail server that refuses, a
// Slack workspace that is down), from the attempt to a person who can see it:
//
// - The attempt is counted before it is made (startAttempts), so a worker that dies mid-delivery
//   leaves a trace; its error is kept in the notification's row (last_error), with no secret of
//   the settings and no address of the lead in it (errorText).
// - The row stays `pending` and the job goes back to the queue (jobResults), which tries again
//   NOTIFY_RETRY_LIMIT times (15), after NOTIFY_RETRY_DELAY_SECONDS (5) doubling up to 10 hours:
//   about a day in all. A receiver that answers 410 Gone is not tried again (permanent).
// - Out of attempts, or permanent, the row is settled `failed` with its last error
//   (recordFailures); a job the queue gave up on after its worker died is settled too (giveUp).
// - A person sees it: the console's Notifications screen (/console/deliveries) and the lead's
//   screen list it with its error, `leads notifications --failed` prints it, and /metrics counts
//   it (notification_deliveries_total{outcome="failed"}, notifications_failed{channel}).
// - Once the receiver is fixed, an operator gives it back to the outbox with a fresh budget
//   (redelivery.ts: the console's "Deliver again", or `leads retry`). The lead was stored before any
//   of this, and is never lost by a failed delivery.
import { PROMISE_FROM_SQL } from '../leads/lead-promises.js';
import { In, type DataSource } from 'typeorm';
import { redact } from '../config/env.js';
import type { Job, JobResult } from '../integrations/queue/job-queue.js';
import { DeliveryRecord } from '../leads/delivery-record.js';
import { LEAD_COLUMNS, type LeadRecord } from '../leads/lead.js';
import type { DeliveryJob } from './delivery-queues.js';

/** One failed attempt, and whether it ends the notification's delivery. */
export interface Failure {
  id: string;
  message: string;
  retries: number;
  /** The receiver refused for good (410 Gone): no more attempts. */
  permanent: boolean;
  /** Permanent, or out of retries: the row is settled as failed. */
  final: boolean;
}

/**
 * A delivery error as it is kept (last_error) and logged: no secret of the settings, and no
 * address of the lead, which a mail server refusing it quotes back (the privacy page: no email in
 * logs); at most 1000 characters.
 */
export function errorText(message: string, leadEmail: string, secrets: readonly string[]): string {
  const address = new RegExp(leadEmail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  return redact(message.replace(address, "[the lead's address]"), secrets).slice(0, 1000);
}

/**
 * Counts an attempt on each notification still pending and reads its lead, in one statement (a
 * statement that starts with WITH answers rows; TypeORM answers an UPDATE with a count).
 * Notifications settled meanwhile or erased with their lead are not in the answer.
 */
export async function startAttempts(
  dataSource: DataSource,
  notificationIds: string[],
): Promise<Attempt[]> {
  return (await dataSource.query(
    `WITH attempt AS (
       UPDATE notifications SET attempts = attempts + 1, updated_at = now()
        WHERE id = ANY($1::uuid[]) AND status = 'pending'
        RETURNING id AS notification_id, submission_id, purpose)
     SELECT a.notification_id AS "notificationId", a.purpose, ${LEAD_COLUMNS},
            ${PROMISE_FROM_SQL} AS "promiseFrom",
            u.username AS owner, u.email AS "ownerEmail"
       FROM contact_submissions s JOIN attempt a ON s.id = a.submission_id
       LEFT JOIN users u ON u.id = s.owner_id AND u.disabled_at IS NULL`,
    [notificationIds],
  )) as Attempt[];
}

/** A notification being attempted: its lead, what it tells, and who owns the lead now. */
export type Attempt = LeadRecord & {
  notificationId: string;
  purpose: string;
  /** When the lead's promises count from (leads/lead-promises.ts's PROMISE_FROM_SQL). */
  promiseFrom: Date;
  owner: string | null;
  ownerEmail: string | null;
};

export async function recordSent(dataSource: DataSource, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await dataSource
    .getRepository(DeliveryRecord)
    .update({ id: In(ids) }, { status: 'sent', sentAt: () => 'now()', updatedAt: () => 'now()' });
}

/** Keeps each failure's error; a final one settles its row as failed, others stay pending. */
export async function recordFailures(dataSource: DataSource, failures: Failure[]): Promise<void> {
  if (failures.length === 0) return;
  await dataSource.query(
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
 * What the queue is told of each job: a failure goes back to it to be retried, unless it is
 * permanent (settled as failed already). Delivered, erased meanwhile, or settled by an earlier
 * attempt: completed.
 */
export function jobResults(jobs: Job<DeliveryJob>[], failures: Failure[]): JobResult[] {
  const failed = new Map(failures.map((failure) => [failure.id, failure]));
  return jobs.map((job): JobResult => {
    const failure = failed.get(job.data.notificationId);
    return failure && !failure.permanent
      ? { id: job.id, status: 'failed', output: { message: failure.message } }
      : { id: job.id, status: 'completed' };
  });
}

/**
 * A job the queue gave up on (its worker died on the last attempt): the row says so, unless an
 * operator has given the row a new round of delivery since (its enqueued_at is newer).
 */
export async function giveUp(dataSource: DataSource, job: Job<DeliveryJob>): Promise<void> {
  const { notificationId, enqueuedAt } = job.data;
  // SQL: the error is kept when the row has one (coalesce), and enqueued_at is not mapped.
  await dataSource.query(
    `UPDATE notifications SET status = 'failed', updated_at = now(),
            last_error = coalesce(last_error, 'the delivery worker stopped during the last attempt')
      WHERE id = $1 AND status = 'pending'
        AND ($2::timestamptz IS NULL OR enqueued_at = $2::timestamptz)`,
    [notificationId, enqueuedAt ?? null],
  );
}
