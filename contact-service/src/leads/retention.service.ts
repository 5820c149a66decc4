import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env.js';
import { NotificationQueue } from '../notifications/notification-queue.js';
import { LeadsStore, type Removed } from './leads.store.js';

export const LEADS_ENV = Symbol('LEADS_ENV');
const RETENTION_QUEUE = 'leads-retention';
/** Once a day, at a quiet hour. */
const DAILY = '30 3 * * *';

/**
 * Retention (README.md, "Operating the stack"): leads older than RETENTION_DAYS are deleted with
 * their notifications once a day, so the privacy page's "we keep it only as long as needed" holds
 * by default. The queue's scheduler puts one job on the queue per day however many replicas run,
 * and one worker takes it; each purge leaves an audit record.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Retention');

  constructor(
    @Inject(LEADS_ENV) private readonly env: Env,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: NotificationQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const boss = this.queue.boss;
    await this.queue.ensureQueue(RETENTION_QUEUE);
    await boss.schedule(RETENTION_QUEUE, DAILY, {}, { tz: 'UTC' });
    this.logger.log(
      `Retention: leads older than ${this.env.RETENTION_DAYS} days are deleted daily at 03:30 UTC`,
    );
    if (!this.env.NOTIFY_WORKER) return;
    await boss.work(RETENTION_QUEUE, async () => {
      await this.purge();
    });
  }

  async purge(): Promise<Removed> {
    const days = this.env.RETENTION_DAYS;
    const removed = await new LeadsStore(this.dataSource).purge(
      days,
      `retention schedule (RETENTION_DAYS=${days})`,
      'retention',
    );
    this.logger.log(
      `Retention: deleted ${removed.submissions} leads and ${removed.notifications} notifications older than ${days} days`,
    );
    return removed;
  }
}
