import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { kindSql } from '../leads/lead-kind.js';
import { receiptCutoffs, supportCalendar } from '../leads/support-hours.js';

/**
 * The service's Prometheus metrics, in a registry of its own (not prom-client's global one), so
 * that each app instance, in a test process too, counts for itself. The one number to alert on:
 * notification_oldest_pending_age_seconds.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly submissions = new Counter({
    name: 'contact_submissions_received_total',
    help: 'Submissions stored, by kind (contact, accessibility) and whether suspected spam.',
    labelNames: ['kind', 'spam'] as const,
    registers: [this.registry],
  });

  readonly deliveries = new Counter({
    name: 'notification_deliveries_total',
    help: 'Delivery attempts by channel and outcome (sent, retry, failed).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(@InjectDataSource() dataSource: DataSource, environment: EnvironmentService) {
    collectDefaultMetrics({ register: this.registry });
    this.accessibilityPromises(dataSource, environment);
    // Read from the database at each scrape, so every replica reports the same, true numbers.
    this.countByChannel(
      dataSource,
      'pending',
      'notifications_pending',
      'Notifications not delivered yet, by channel.',
    );
    new Gauge({
      name: 'notification_oldest_pending_age_seconds',
      help: 'Age of the oldest notification not delivered yet (0 when none): alert on it.',
      registers: [this.registry],
      async collect() {
        const [row] = (await dataSource.query(
          `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
             FROM notifications WHERE status = 'pending'`,
        )) as { age: number }[];
        this.set(row?.age ?? 0);
      },
    });
    this.countByChannel(
      dataSource,
      'failed',
      'notifications_failed',
      'Notifications that ran out of attempts, by channel.',
    );
  }

  /**
   * Accessibility feedback whose promise (acknowledge in 2 business days, assess in 5:
   * leads/support-hours.ts) is past due or due by the end of today, so that an alert can fire
   * before a promise breaks.
   */
  private accessibilityPromises(dataSource: DataSource, environment: EnvironmentService) {
    const calendar = supportCalendar(environment.get('SUPPORT_HOLIDAYS'));
    new Gauge({
      name: 'accessibility_feedback_due',
      help: 'Accessibility feedback by open step (acknowledge, assess) and when it is due (overdue, today).',
      labelNames: ['step', 'due'] as const,
      registers: [this.registry],
      async collect() {
        const now = new Date();
        const steps = [
          ['acknowledge', 'new'],
          ['assess', 'acknowledged'],
        ] as const;
        this.reset();
        for (const [step, status] of steps) {
          const cut = receiptCutoffs(step, now, calendar);
          const [row] = (await dataSource.query(
            `SELECT count(*) FILTER (WHERE created_at < $2)::int AS overdue,
                    count(*) FILTER (WHERE created_at >= $2 AND created_at < $3)::int AS today
               FROM contact_submissions
              WHERE spam_reason IS NULL AND ${kindSql('message')} = 'accessibility'
                AND status = $1 AND created_at < $3`,
            [status, cut.overdue, cut.dueToday],
          )) as { overdue: number; today: number }[];
          this.set({ step, due: 'overdue' }, row?.overdue ?? 0);
          this.set({ step, due: 'today' }, row?.today ?? 0);
        }
      },
    });
  }

  /** A gauge of the notifications in one delivery state, per channel. */
  private countByChannel(dataSource: DataSource, status: string, name: string, help: string) {
    new Gauge({
      name,
      help,
      labelNames: ['channel'] as const,
      registers: [this.registry],
      async collect() {
        const rows = (await dataSource.query(
          `SELECT channel, count(*)::int AS n FROM notifications WHERE status = $1 GROUP BY channel`,
          [status],
        )) as { channel: string; n: number }[];
        this.reset();
        for (const row of rows) this.set({ channel: row.channel }, row.n);
      },
    });
  }
}
