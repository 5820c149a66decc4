import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EnvironmentService } from '../config/environment.service.js';
import {
  JobQueue,
  type Job,
  type JobResult,
  type QueueTransaction,
} from '../integrations/queue/job-queue.js';
import { CHANNELS, type Channel } from './channels.js';

export interface DeliveryJob {
  notificationId: string;
  /** The row's enqueued_at when this job was made: which round of delivery the job belongs to. */
  enqueuedAt?: string;
}

/** The most deliveries of one channel a worker takes at once (two such batches per process). */
const DELIVERY_BATCH = 10;

/** Where a job that ran out of attempts (or whose worker died on the last one) goes. */
const DEAD_LETTERS = 'notify-dead';
const queueOf = (channel: Channel) => `notify-${channel}`;

/**
 * The delivery queues, one per channel, on the service's job queue. A job carries only a
 * notification's id; retries back off exponentially with jitter, and a job whose worker died is
 * taken up again when its lease (NOTIFY_LEASE_SECONDS) runs out.
 */
@Injectable()
export class DeliveryQueues {
  constructor(
    private readonly queue: JobQueue,
    private readonly environment: EnvironmentService,
  ) {}

  /** Creates the queues, or brings their options up to date with the settings. */
  async create(): Promise<void> {
    const options = {
      retryLimit: this.environment.get('NOTIFY_RETRY_LIMIT'),
      retryDelay: this.environment.get('NOTIFY_RETRY_DELAY_SECONDS'),
      retryBackoff: true,
      // Standard Webhooks' schedule tops out at 10 hours between attempts; so does this one.
      retryDelayMax: 10 * 3600,
      // The lease: a job whose worker has not finished in time is given to another.
      expireInSeconds: this.environment.get('NOTIFY_LEASE_SECONDS'),
      // A job waits as long as a channel stays unconfigured (notifications wait, stored).
      retentionSeconds: 400 * 24 * 3600,
      deleteAfterSeconds: 7 * 24 * 3600,
      deadLetter: DEAD_LETTERS,
      notify: true,
    };
    await this.queue.ensureQueue(DEAD_LETTERS, {
      retryLimit: 5,
      retentionSeconds: 400 * 24 * 3600,
    });
    for (const channel of CHANNELS) await this.queue.ensureQueue(queueOf(channel), options);
  }

  /**
   * Adds delivery jobs in the caller's transaction, one statement per channel. The job id is the
   * notification's id, so handing the same notification over twice adds one job. A notification
   * an operator retries (`leads retry`, `again`) gets a job of a new id: the finished job of its
   * first round may still be settling, and must not be mistaken for the new one.
   */
  async enqueue(
    db: QueueTransaction,
    notifications: { id: string; channel: Channel; again?: boolean }[],
    enqueuedAt: string,
  ): Promise<void> {
    for (const channel of new Set(notifications.map((notification) => notification.channel))) {
      const jobs = notifications
        .filter((notification) => notification.channel === channel)
        .map(({ id, again }) => ({
          id: again ? randomUUID() : id,
          data: { notificationId: id, enqueuedAt } satisfies DeliveryJob,
        }));
      await this.queue.insert(queueOf(channel), jobs, db);
    }
  }

  /**
   * Delivers in batches: a worker takes up to DELIVERY_BATCH jobs in one statement and settles
   * them in one or two, so a backlog costs the database a few statements per batch instead of per
   * job. Two batches at once per process: a slow receiver holds up only the batch it is in.
   */
  async work(
    channel: Channel,
    handler: (jobs: Job<DeliveryJob>[]) => Promise<JobResult[]>,
  ): Promise<void> {
    await this.queue.work(
      queueOf(channel),
      {
        batchSize: DELIVERY_BATCH,
        perJobResults: true,
        localConcurrency: 2,
        // A full batch means more are waiting: fetch the next at once, not at the next poll.
        burstWhenBatchFull: true,
        pollingIntervalSeconds: 1,
        notifyPollingIntervalSeconds: 1,
      },
      handler,
    );
  }

  async workDeadLetters(handler: (job: Job<DeliveryJob>) => Promise<void>): Promise<void> {
    await this.queue.work(
      DEAD_LETTERS,
      { pollingIntervalSeconds: 2 },
      async (jobs: Job<DeliveryJob>[]) => {
        for (const job of jobs) await handler(job);
      },
    );
  }
}
