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
import type { DataSource } from 'typeorm';
import { redact } from '../config/env.js';
import type { Job, JobResult } from '../integrations/queue/job-queue.js';
import * as outbox from '../leads/outbox.js';
import type { DeliveryJob } from './delivery-queues.js';

// The statements on the notifications' rows are the outbox's (leads/outbox.ts: leads/ owns the
// table); these are the delivery's uses of them.
export { recordFailures, recordSent, startAttempts, type Attempt } from '../leads/outbox.js';

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
  await outbox.giveUp(dataSource, notificationId, enqueuedAt ?? null);
}
