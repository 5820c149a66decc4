import { randomUUID } from 'node:crypto';
import { PgBoss, type Db, type Job, type JobResult } from 'pg-boss';
import type { Env } from '../config/env.js';
import type { Channel } from './notification.entity.js';

export interface DeliveryJob {
  notificationId: string;
  /** The row's enqueued_at when this job was made: which round of delivery the job belongs to. */
  enqueuedAt?: string;
}

/** The most deliveries of one channel a worker takes at once (two such batches per process). */
const DELIVERY_BATCH = 10;

/** Where a job that ran out of attempts (or whose worker died on the last one) goes. */
const DEAD_LETTERS = 'notify-dead';
export const queueOf = (channel: Channel) => `notify-${channel}`;

/**
 * The delivery queue: pg-boss (https://github.com/timgit/pg-boss) in the same Postgres, schema
 * pgboss. A job carries only a notification's id. Jobs are added in the transaction that stores
 * the submission, so the 201 is sent only once both are committed; workers in any number of
 * processes share the queue (SKIP LOCKED), retries back off exponentially with jitter, and a job
 * whose worker died is taken up again when its lease (expireInSeconds) runs out.
 */
export class NotificationQueue {
  readonly boss: PgBoss;

  constructor(
    url: string,
    private readonly env: Env,
  ) {
    // Expired leases are found by the supervisor's monitor pass: look often enough for the lease
    // to mean what it says.
    const lookEvery = Math.max(1, Math.min(60, Math.floor(env.NOTIFY_LEASE_SECONDS / 2)));
    this.boss = new PgBoss({
      connectionString: url,
      max: 3,
      application_name: 'contact-service queue',
      schema: 'pgboss',
      // A new job wakes the workers at once (Postgres NOTIFY on commit) instead of the next poll.
      useListenNotify: true,
      superviseIntervalSeconds: lookEvery,
      monitorIntervalSeconds: lookEvery,
    });
  }

  async start(onError: (error: Error) => void): Promise<void> {
    this.boss.on('error', onError);
    await this.boss.start();
    const options = {
      retryLimit: this.env.NOTIFY_RETRY_LIMIT,
      retryDelay: this.env.NOTIFY_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      // Standard Webhooks' schedule tops out at 10 hours between attempts; so does this one.
      retryDelayMax: 10 * 3600,
      // The lease: a job whose worker has not finished in time is given to another.
      expireInSeconds: this.env.NOTIFY_LEASE_SECONDS,
      // A job waits as long as a channel stays unconfigured (notifications wait, stored).
      retentionSeconds: 400 * 24 * 3600,
      deleteAfterSeconds: 7 * 24 * 3600,
      deadLetter: DEAD_LETTERS,
      notify: true,
    };
    await this.ensureQueue(DEAD_LETTERS, { retryLimit: 5, retentionSeconds: 400 * 24 * 3600 });
    for (const channel of ['email', 'webhook', 'slack', 'acknowledgement'] as const) {
      await this.ensureQueue(queueOf(channel), options);
    }
  }

  /** Creates the queue, or brings an existing one's options up to date when some are given. */
  async ensureQueue(name: string, options?: Parameters<PgBoss['createQueue']>[1]): Promise<void> {
    if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, options);
    else if (options) await this.boss.updateQueue(name, options);
  }

  /**
   * Adds delivery jobs in the caller's transaction, one statement per channel. The job id is the
   * notification's id, so handing the same notification over twice adds one job. A notification
   * an operator retries (`leads retry`, `again`) gets a job of a new id: the finished job of its
   * first round may still be settling, and must not be mistaken for the new one.
   */
  async enqueue(
    db: Db,
    notifications: { id: string; channel: Channel; again?: boolean }[],
    enqueuedAt: string,
  ): Promise<void> {
    const channels = new Set(notifications.map((notification) => notification.channel));
    for (const channel of channels) {
      const jobs = notifications
        .filter((notification) => notification.channel === channel)
        .map(({ id, again }) => ({
          id: again ? randomUUID() : id,
          data: { notificationId: id, enqueuedAt } satisfies DeliveryJob,
        }));
      await this.boss.insert(queueOf(channel), jobs, { db });
    }
  }

  /**
   * Delivers in batches: a worker takes up to BATCH jobs in one statement and settles them in
   * one or two, so a backlog costs the database a few statements per batch instead of per job.
   * Two batches at once per process: a slow receiver holds up only the batch it is in.
   */
  async work(
    channel: Channel,
    handler: (jobs: Job<DeliveryJob>[]) => Promise<JobResult[]>,
  ): Promise<void> {
    await this.boss.work<DeliveryJob>(
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
    await this.boss.work<DeliveryJob>(DEAD_LETTERS, { pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const job of jobs) await handler(job);
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
