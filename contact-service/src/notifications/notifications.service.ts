import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, JobResult } from 'pg-boss';
import type { DataSource } from 'typeorm';
import { redact, secretValues, type Env } from '../config/env.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { DeliveryError, type NotificationChannel } from './channels/channel.js';
import { toLead } from './lead.js';
import type { Channel } from './notification.entity.js';
import { NotificationQueue, type DeliveryJob } from './notification-queue.js';
import { OutboxRelay } from './outbox-relay.js';

export const NOTIFICATION_CHANNELS = Symbol('NOTIFICATION_CHANNELS');
export const NOTIFICATION_ENV = Symbol('NOTIFICATION_ENV');

/**
 * The outbox rows of new leads, as a data-modifying CTE that follows the CTE `lead` (the inserted
 * submissions: id, email and spam) in the same statement, so the leads and their notifications
 * are committed together in one round trip. `$channels` is plannedChannels(); suspected spam gets
 * none, and a receipt is planned for one lead of an address in the statement, unless one went to
 * that address in the last 24 hours. The relay hands the rows to the queue.
 */
export function notificationsOfANewLead(channels: string): string {
  return `notifications_of_the_lead AS (
    INSERT INTO notifications (submission_id, channel)
    SELECT lead.id, planned.channel FROM lead, unnest(${channels}::varchar[]) AS planned(channel)
     WHERE NOT lead.spam AND (planned.channel <> 'acknowledgement' OR (
       NOT EXISTS (
         SELECT 1 FROM lead other
          WHERE NOT other.spam AND lower(other.email) = lower(lead.email) AND other.id < lead.id)
       AND NOT EXISTS (
         SELECT 1 FROM notifications n JOIN contact_submissions s ON s.id = n.submission_id
          WHERE n.channel = 'acknowledgement' AND lower(s.email) = lower(lead.email)
            AND n.created_at > now() - interval '24 hours'))))`;
}

/**
 * Every accepted lead reaches a person: its notifications are planned in the transaction that
 * stores it, delivered by the queue's workers with retries, and each one's state (pending, sent,
 * failed, attempts, last error) is kept in the notifications table for operators and metrics.
 */
@Injectable()
export class NotificationsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  private readonly secrets: string[];

  constructor(
    @Inject(NOTIFICATION_ENV) private readonly env: Env,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: NotificationQueue,
    private readonly relay: OutboxRelay,
    private readonly metrics: MetricsService,
    @Inject(NOTIFICATION_CHANNELS) private readonly channels: Map<Channel, NotificationChannel>,
  ) {
    this.secrets = secretValues(this.env);
  }

  /**
   * The channels a new lead is announced on: email always (it waits, stored, while SMTP is not
   * configured), the webhook and Slack when configured, and the sender's receipt when asked for
   * (the 24-hour rule is in notificationsOfANewLead).
   */
  plannedChannels(): Channel[] {
    const planned: Channel[] = ['email'];
    for (const channel of ['webhook', 'slack', 'acknowledgement'] as const) {
      if (this.channels.has(channel)) planned.push(channel);
    }
    return planned;
  }

  /** After the lead's commit: its notifications go to the queue now, not at the next sweep. */
  relaySoon(): void {
    this.relay.soon();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.relay.start();
    const configured = [...this.channels.keys()];
    const waiting = await this.pendingCount();
    const email = this.channels.has('email')
      ? `email to ${this.env.NOTIFY_TO!.length} inbox(es)`
      : 'email NOT configured (SMTP_URL, NOTIFY_FROM, NOTIFY_TO): leads are stored, nobody is notified yet; their emails wait and go out once it is set';
    this.logger.log(
      `Notifications: ${email}; webhook ${this.channels.has('webhook') ? 'on' : 'off'}; Slack ${this.channels.has('slack') ? 'on' : 'off'}; acknowledgements ${this.channels.has('acknowledgement') ? 'on' : 'off'}; ${waiting} pending`,
    );
    if (!this.env.NOTIFY_WORKER) {
      this.logger.log('NOTIFY_WORKER=false: a separate worker process delivers them');
      return;
    }
    for (const channel of configured) {
      await this.queue.work(channel, (jobs) => this.deliver(channel, jobs));
    }
    await this.queue.workDeadLetters((job) => this.giveUp(job));
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay.stop();
    await this.queue.stop();
    for (const channel of this.channels.values()) channel.close?.();
  }

  /**
   * One attempt at each notification of a batch of jobs, in a fixed number of statements however
   * large the batch: one marks the attempts and reads the leads, the channel delivers them all at
   * once, one records the successes and one the failures. Each job is settled on its own: a
   * delivered one (or one with nothing left to do) completes, a failed one goes back to the queue
   * to be retried, and a permanent failure is settled here as failed.
   */
  async deliver(channel: Channel, jobs: Job<DeliveryJob>[]): Promise<JobResult[]> {
    const ids = jobs.map((job) => job.data.notificationId);
    // A statement that starts with WITH answers rows (TypeORM answers an UPDATE with a count).
    const rows = (await this.dataSource.query(
      `WITH attempt AS (
         UPDATE notifications SET attempts = attempts + 1, updated_at = now()
          WHERE id = ANY($1::uuid[]) AND status = 'pending'
          RETURNING id AS notification_id, submission_id)
       SELECT a.notification_id, s.id, s.name, s.email, s.company, s.role, s.message, s.created_at
         FROM contact_submissions s JOIN attempt a ON s.id = a.submission_id`,
      [ids],
    )) as (Parameters<typeof toLead>[0] & { notification_id: string })[];
    const sender = this.channels.get(channel);
    const outcomes = await Promise.all(
      rows.map(async (row) => {
        try {
          if (!sender) throw new DeliveryError(`the ${channel} channel is not configured`);
          await sender.deliver(toLead(row), row.notification_id);
          return { id: row.notification_id, error: null };
        } catch (error) {
          return { id: row.notification_id, error: error as Error };
        }
      }),
    );
    const sent = outcomes.filter((outcome) => !outcome.error).map((outcome) => outcome.id);
    if (sent.length > 0) {
      await this.dataSource.query(
        `UPDATE notifications SET status = 'sent', sent_at = now(), updated_at = now()
          WHERE id = ANY($1::uuid[])`,
        [sent],
      );
      this.metrics.deliveries.inc({ channel, outcome: 'sent' }, sent.length);
    }
    const retryCount = new Map(jobs.map((job) => [job.data.notificationId, job.retryCount]));
    const failures = outcomes.flatMap(({ id, error }) => {
      if (!error) return [];
      const message = redact(error.message, this.secrets).slice(0, 1000);
      const retries = retryCount.get(id)!;
      const permanent = error instanceof DeliveryError && error.permanent;
      const final = permanent || retries >= this.env.NOTIFY_RETRY_LIMIT;
      return [{ id, message, retries, permanent, final }];
    });
    if (failures.length > 0) {
      await this.dataSource.query(
        `UPDATE notifications n SET last_error = f.message, status = f.status, updated_at = now()
           FROM unnest($1::uuid[], $2::text[], $3::varchar[]) AS f(id, message, status)
          WHERE n.id = f.id`,
        [
          failures.map((failure) => failure.id),
          failures.map((failure) => failure.message),
          failures.map((failure) => (failure.final ? 'failed' : 'pending')),
        ],
      );
      for (const { id, message, retries, final } of failures) {
        this.metrics.deliveries.inc({ channel, outcome: final ? 'failed' : 'retry' });
        this.logger.warn(
          `Notification ${id} (${channel}) ${final ? 'failed for good' : `will be retried (attempt ${retries + 1})`}: ${message}`,
        );
      }
    }
    // A failure goes back to the queue to be retried, unless it is permanent (settled above).
    // Delivered, erased meanwhile, or settled by an earlier attempt: completed.
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
  private async giveUp(job: Job<DeliveryJob>): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications SET status = 'failed', updated_at = now(),
              last_error = coalesce(last_error, 'the delivery worker stopped during the last attempt')
        WHERE id = $1 AND status = 'pending'
          AND ($2::timestamptz IS NULL OR enqueued_at = $2::timestamptz)`,
      [job.data.notificationId, job.data.enqueuedAt ?? null],
    );
  }

  private async pendingCount(): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM notifications WHERE status = 'pending'`,
    )) as { n: number }[];
    return row?.n ?? 0;
  }
}
