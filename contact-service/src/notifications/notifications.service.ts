import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'pg-boss';
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
 * The outbox rows of a lead, as a data-modifying CTE that follows the CTE `lead` (the inserted
 * submission, if any) in the same statement, so the lead and its notifications are committed
 * together in one round trip. `$channels` is plannedChannels(); a receipt is skipped when one
 * went to the same address in the last 24 hours. The relay hands the rows to the queue.
 */
export function notificationsOfANewLead(channels: string): string {
  return `notifications_of_the_lead AS (
    INSERT INTO notifications (submission_id, channel)
    SELECT lead.id, planned.channel FROM lead, unnest(${channels}::varchar[]) AS planned(channel)
     WHERE planned.channel <> 'acknowledgement' OR NOT EXISTS (
       SELECT 1 FROM notifications n JOIN contact_submissions s ON s.id = n.submission_id
        WHERE n.channel = 'acknowledgement' AND lower(s.email) = lower(lead.email)
          AND n.created_at > now() - interval '24 hours'))`;
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
      await this.queue.work(channel, (job) => this.deliver(channel, job));
    }
    await this.queue.workDeadLetters((job) => this.giveUp(job));
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay.stop();
    await this.queue.stop();
    for (const channel of this.channels.values()) channel.close?.();
  }

  /** One attempt at one notification; a failure is thrown back to the queue to be retried. */
  async deliver(channel: Channel, job: Job<DeliveryJob>): Promise<void> {
    const { notificationId } = job.data;
    // A statement that starts with WITH answers rows (TypeORM answers an UPDATE with a count).
    const [row] = (await this.dataSource.query(
      `WITH attempt AS (
         UPDATE notifications SET attempts = attempts + 1, updated_at = now()
          WHERE id = $1 AND status = 'pending'
          RETURNING submission_id)
       SELECT s.id, s.name, s.email, s.company, s.role, s.message, s.created_at
         FROM contact_submissions s JOIN attempt a ON s.id = a.submission_id`,
      [notificationId],
    )) as Parameters<typeof toLead>[0][];
    // Erased meanwhile, or already settled by an earlier attempt: nothing to do.
    if (!row) return;
    const sender = this.channels.get(channel);
    try {
      if (!sender) throw new DeliveryError(`the ${channel} channel is not configured`);
      await sender.deliver(toLead(row), notificationId);
    } catch (error) {
      const message = redact((error as Error).message, this.secrets).slice(0, 1000);
      const final =
        (error instanceof DeliveryError && error.permanent) ||
        job.retryCount >= this.env.NOTIFY_RETRY_LIMIT;
      await this.dataSource.query(
        `UPDATE notifications SET last_error = $2, status = $3, updated_at = now() WHERE id = $1`,
        [notificationId, message, final ? 'failed' : 'pending'],
      );
      this.metrics.deliveries.inc({ channel, outcome: final ? 'failed' : 'retry' });
      this.logger.warn(
        `Notification ${notificationId} (${channel}) ${final ? 'failed for good' : `will be retried (attempt ${job.retryCount + 1})`}: ${message}`,
      );
      // A permanent failure is settled here; any other goes back to the queue for a retry.
      if (error instanceof DeliveryError && error.permanent) return;
      throw new Error(message, { cause: error });
    }
    await this.dataSource.query(
      `UPDATE notifications SET status = 'sent', sent_at = now(), updated_at = now() WHERE id = $1`,
      [notificationId],
    );
    this.metrics.deliveries.inc({ channel, outcome: 'sent' });
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
