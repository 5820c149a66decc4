import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { EnvironmentService } from '../config/environment.service.js';
import { JobQueue } from '../integrations/queue/job-queue.js';
import { settleLeadCounts } from '../leads/lead-counts.js';
import { LeadRemoval, type Removed } from '../leads/lead-removal.js';
import { removeExpired } from '../operators/expired.js';

const RETENTION_QUEUE = 'leads-retention';
/** Once a day, at a quiet hour. */
const DAILY = '30 3 * * *';
const COUNTS_QUEUE = 'lead-counts';
/** Once an hour, the inbox's counts settle what a day ago received (leads/lead-counts.ts). */
const HOURLY = '7 * * * *';

/**
 * Retention (docs/operating.md, "Retention"): leads older than RETENTION_DAYS are deleted with
 * their notifications once a day, so the privacy page's "we keep it only as long as needed" holds
 * by default; audit records older than AUDIT_RETENTION_DAYS (at least a year) go too, a limit
 * of their own, and so do the console's expired sessions, sign-in failures and enrolment links.
 * The queue's scheduler puts one job on the queue per day however many replicas run, and a
 * process with BACKGROUND_JOBS takes it; each purge leaves an audit record. The same worker
 * settles the inbox's counts once an hour.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Retention');

  constructor(
    private readonly environment: EnvironmentService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly removal: LeadRemoval,
    private readonly audit: AuditTrail,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.ensureQueue(RETENTION_QUEUE);
    await this.queue.schedule(RETENTION_QUEUE, DAILY, 'UTC');
    this.logger.log(
      `Retention: leads older than ${this.environment.get('RETENTION_DAYS')} days are deleted daily at 03:30 UTC`,
    );
    await this.queue.ensureQueue(COUNTS_QUEUE);
    await this.queue.schedule(COUNTS_QUEUE, HOURLY, 'UTC');
    if (!this.environment.get('BACKGROUND_JOBS')) return;
    await this.queue.work(RETENTION_QUEUE, {}, async () => {
      await this.purge();
    });
    await this.queue.work(COUNTS_QUEUE, {}, async () => {
      await settleLeadCounts(this.dataSource);
    });
  }

  async purge(): Promise<Removed> {
    const days = this.environment.get('RETENTION_DAYS');
    const removed = await this.removal.purge(
      days,
      `retention schedule (RETENTION_DAYS=${days})`,
      'retention',
    );
    const auditDays = this.environment.get('AUDIT_RETENTION_DAYS');
    const audits = await this.audit.purgeOlderThan(auditDays);
    const expired = await removeExpired(this.dataSource, {
      idleMinutes: this.environment.get('SESSION_IDLE_MINUTES'),
      maxHours: this.environment.get('SESSION_MAX_HOURS'),
    });
    this.logger.log(
      `Retention: deleted ${removed.submissions} leads and ${removed.notifications} notifications older than ${days} days, ${audits} audit records older than ${auditDays} days, and ${expired} expired console sessions, sign-in failures and enrolment links`,
    );
    return removed;
  }
}
