import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { promiseRules } from '../leads/lead-promises.js';
import { openPromises } from '../leads/promise-counts.js';
import { knownSourceShare, reportDays } from '../leads/source-report.js';
import { bookingWeeks } from '../leads/speed-to-lead.js';
import { notificationsByChannel, oldestPendingAge } from '../leads/outbox.js';
import { backupMetrics } from './backup-metrics.js';
import { consoleMetrics } from './console-metrics.js';
import { fieldMetrics, type FieldMetrics } from './field-metrics.js';

/**
 * The service's Prometheus metrics, in a registry of its own (not prom-client's global one), so
 * that each app instance, in a test process too, counts for itself. The one number to alert on:
 * notification_oldest_pending_age_seconds.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly submissions = this.counter(
    'contact_submissions_received_total',
    'Submissions stored, by kind (contact, accessibility) and whether suspected spam.',
    ['kind', 'spam'],
  );

  readonly deliveries = this.counter(
    'notification_deliveries_total',
    'Delivery attempts by channel and outcome (sent, retry, failed).',
    ['channel', 'outcome'],
  );

  readonly bookings = this.counter(
    'scheduler_booking_events_total',
    'Scheduler webhook events applied, by scheduler (calendly, cal.com) and action (booked, rescheduled, cancelled).',
    ['scheduler', 'action'],
  );

  readonly bookingRefusals = this.counter(
    'scheduler_booking_refusals_total',
    'Scheduler webhook deliveries refused, by scheduler and status (401 signature, 400 body, 422 event; erased and event_type: answered 200, nothing stored).',
    ['scheduler', 'status'],
  );

  /** A counter in this registry, with its labels. */
  private counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** Visitors' Core Web Vitals and the contact form's funnel (POST /api/measurements). */
  readonly field: FieldMetrics = fieldMetrics(this.registry);

  constructor(@InjectDataSource() dataSource: DataSource, environment: EnvironmentService) {
    collectDefaultMetrics({ register: this.registry });
    // The console's, which runs in this process and serves no /metrics (console-metrics.ts).
    for (const metric of Object.values(consoleMetrics)) this.registry.registerMetric(metric);
    this.promises(dataSource, environment);
    backupMetrics(this.registry, dataSource);
    this.bookingSpeed(dataSource);
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
        this.set(await oldestPendingAge(dataSource));
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
   * Leads whose promise (a callback within 24 hours, an accessibility
   * acknowledgement in 2 business days, an assessment in 5: leads/lead-promises.ts) is past due,
   * or past its reminder and due soon, so that an alert can fire before a promise breaks.
   */
  private promises(dataSource: DataSource, environment: EnvironmentService) {
    const rules = promiseRules(environment);
    new Gauge({
      name: 'lead_promises_due',
      help: 'Leads with a promise open, by kind, step (callback, acknowledge, assess) and due (overdue, soon: past its reminder).',
      labelNames: ['kind', 'step', 'due'] as const,
      registers: [this.registry],
      async collect() {
        const counts = await openPromises(dataSource, rules, new Date());
        this.reset();
        for (const { kind, step, overdue, soon } of counts) {
          this.set({ kind, step, due: 'overdue' }, overdue);
          this.set({ kind, step, due: 'soon' }, soon);
        }
      },
    });
  }

  /**
   * Speed to lead with the booking, over the last 28 days of receipts (leads/speed-to-lead.ts):
   * the hours from a contact request to its first booking, the share of requests booked within
   * the callback promise, and the bookings that came with no form. No series before the first
   * booking, so a site without a scheduler's webhook exports nothing of it.
   */
  private bookingSpeed(dataSource: DataSource) {
    const period = async () => {
      const since = new Date(Date.now() - 28 * 24 * 3600_000);
      const [total] = (await bookingWeeks(dataSource, since, 'UTC')).filter((row) => !row.week);
      return total && total.booked + total.noForm > 0 ? total : null;
    };
    new Gauge({
      name: 'lead_time_to_booking_hours',
      help: 'Hours from a contact request to its first booking through the scheduler, by quantile (0.5, 0.9), last 28 days.',
      labelNames: ['quantile'] as const,
      registers: [this.registry],
      async collect() {
        const total = await period();
        this.reset();
        if (total?.medianHours != null) this.set({ quantile: '0.5' }, total.medianHours);
        if (total?.p90Hours != null) this.set({ quantile: '0.9' }, total.p90Hours);
      },
    });
    new Gauge({
      name: 'contact_requests_booked_within_promise_ratio',
      help: "Share of the form's contact requests booked through the scheduler within the callback promise, last 28 days.",
      registers: [this.registry],
      async collect() {
        const total = await period();
        this.reset();
        if (total && total.requests > 0) this.set(total.inPromise / total.requests);
      },
    });
    new Gauge({
      name: 'leads_known_source_ratio',
      help: 'Share of the discovery-call requests of the last 28 days with a known source (a campaign, an ad click or a referring site), 0..1; no series before the first.',
      registers: [this.registry],
      async collect() {
        const { from, to } = reportDays(new Date());
        const knownShare = await knownSourceShare(dataSource, from, to);
        this.reset();
        if (knownShare !== null) this.set(knownShare);
      },
    });
    new Gauge({
      name: 'lead_bookings_without_form',
      help: 'Bookings through the scheduler that came with no form (each made a lead), last 28 days.',
      registers: [this.registry],
      async collect() {
        const total = await period();
        this.reset();
        if (total) this.set(total.noForm);
      },
    });
  }

  /** A gauge of the notifications in one delivery state, per channel. */
  private countByChannel(
    dataSource: DataSource,
    status: 'pending' | 'failed',
    name: string,
    help: string,
  ) {
    new Gauge({
      name,
      help,
      labelNames: ['channel'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await notificationsByChannel(dataSource, status);
        this.reset();
        for (const row of rows) this.set({ channel: row.channel }, row.n);
      },
    });
  }
}
