import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { DeliveryError } from '../integrations/delivery.js';
import type { Job, JobResult } from '../integrations/queue/job-queue.js';
import { toLead } from '../leads/lead.js';
import { promiseRules, type PromiseRules } from '../leads/lead-promises.js';
import { pendingCount } from '../leads/outbox.js';
import { senderAnswers } from './sender-answers.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { NOTIFICATION_CHANNELS, plannedChannels, type Channel, type Channels } from './channels.js';
import { DeliveryQueues, type DeliveryJob } from './delivery-queues.js';
import { OutboxRelay } from './outbox-relay.js';
import { PromiseWatch } from './promise-watch.js';
import {
  errorText,
  giveUp,
  jobResults,
  recordFailures,
  recordSent,
  startAttempts,
  type Failure,
} from './settlement.js';

export { NOTIFICATION_CHANNELS };

/**
 * Every accepted lead reaches a person: its notifications are planned in the transaction that
 * stores it (plannedChannels, leads/lead-writer.ts), handed to the queue by the outbox relay,
 * delivered by the queue's workers with retries, and each one's state (pending, sent, failed,
 * attempts, last error) is kept in the notifications table for operators and metrics.
 */
@Injectable()
export class NotificationsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  private readonly rules: PromiseRules;

  constructor(
    private readonly environment: EnvironmentService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queues: DeliveryQueues,
    private readonly relay: OutboxRelay,
    private readonly watch: PromiseWatch,
    private readonly metrics: MetricsService,
    @Inject(NOTIFICATION_CHANNELS) private readonly channels: Channels,
  ) {
    this.rules = promiseRules(environment);
  }

  /** The channels each new lead is announced on. */
  plannedChannels(): Channel[] {
    return plannedChannels(this.channels);
  }

  /** After the lead's commit: its notifications go to the queue now, not at the next sweep. */
  relaySoon(): void {
    this.relay.soon();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queues.create();
    await this.watch.create();
    this.relay.start();
    this.logger.log(await this.describe());
    if (!this.environment.get('BACKGROUND_JOBS')) {
      this.logger.log('BACKGROUND_JOBS=false: a separate worker process delivers them');
      return;
    }
    for (const channel of this.channels.keys()) {
      await this.queues.work(channel, (jobs) => this.deliver(channel, jobs));
    }
    await this.queues.workDeadLetters((job) => giveUp(this.dataSource, job));
    await this.watch.work(() => this.relay.soon());
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay.stop();
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
    const rows = await startAttempts(
      this.dataSource,
      jobs.map((job) => job.data.notificationId),
    );
    const sender = this.channels.get(channel);
    const notices = await this.watch.notices(rows);
    const answers = await senderAnswers(this.dataSource, rows, this.rules);
    const outcomes = await Promise.all(
      rows.map(async ({ notificationId: id, ...lead }) => {
        try {
          if (!sender) throw new DeliveryError(`the ${channel} channel is not configured`);
          await sender.deliver(toLead(lead), id, notices.get(id), answers.get(id));
          return { id, email: lead.email, error: null };
        } catch (error) {
          return { id, email: lead.email, error: error as Error };
        }
      }),
    );
    const sent = outcomes.filter((outcome) => !outcome.error).map((outcome) => outcome.id);
    await recordSent(this.dataSource, sent);
    if (sent.length > 0) this.metrics.deliveries.inc({ channel, outcome: 'sent' }, sent.length);
    const retryCount = new Map(jobs.map((job) => [job.data.notificationId, job.retryCount]));
    const failures = outcomes.flatMap(({ id, email, error }): Failure[] => {
      if (!error) return [];
      const message = errorText(error.message, email, this.environment.secrets);
      const retries = retryCount.get(id)!;
      const permanent = error instanceof DeliveryError && error.permanent;
      const final = permanent || retries >= this.environment.get('NOTIFY_RETRY_LIMIT');
      return [{ id, message, retries, permanent, final }];
    });
    await recordFailures(this.dataSource, failures);
    for (const { id, message, retries, final } of failures) {
      this.metrics.deliveries.inc({ channel, outcome: final ? 'failed' : 'retry' });
      this.logger.warn(
        `Notification ${id} (${channel}) ${final ? 'failed for good' : `will be retried (attempt ${retries + 1})`}: ${message}`,
      );
    }
    return jobResults(jobs, failures);
  }

  /** The start-up line: which channels are on, and how many notifications wait. */
  private async describe(): Promise<string> {
    const pending = await pendingCount(this.dataSource);
    const on = (channel: Channel) => (this.channels.has(channel) ? 'on' : 'off');
    const email = this.channels.has('email')
      ? `email to ${this.environment.get('NOTIFY_TO')!.length} inbox(es)`
      : 'email NOT configured (SMTP_URL, NOTIFY_FROM, NOTIFY_TO): leads are stored, nobody is notified yet; their emails wait and go out once it is set';
    return `Notifications: ${email}; webhook ${on('webhook')}; Slack ${on('slack')}; Teams ${on('teams')}; acknowledgements ${on('acknowledgement')}; ${pending} pending`;
  }
}
