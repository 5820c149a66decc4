import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service.js';
import { bucketOf, FieldMeasurementBuffer, FLUSH_MS } from './field-measurement-store.js';
import { routeLabel, vitalValue, type MeasurementBody } from './measurement-body.js';

/**
 * Counts a page's field measurements: Prometheus histograms and the form's funnel on /metrics
 * (per replica, as Prometheus sums them), and the counts behind the console's 75th percentiles.
 * Nothing about the visitor is kept: not the address, not a cookie, not an identifier.
 */
@Injectable()
export class MeasurementsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('FieldMeasurements');
  private readonly buffer = new FieldMeasurementBuffer();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly metrics: MetricsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  record(body: MeasurementBody): void {
    const route = routeLabel(body.route);
    for (const { name, value } of body.vitals ?? []) {
      const measured = vitalValue(name, value);
      if (name === 'CLS') this.metrics.field.cls.observe({ route }, measured);
      else this.metrics.field.vitalSeconds.observe({ route, metric: name }, measured);
      this.buffer.add(route, name, bucketOf(name, measured));
    }
    for (const { form, step } of body.funnel ?? []) this.metrics.field.funnel.inc({ form, step });
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Writes the counts now (tests, shutdown); a failure is logged and retried at the next. */
  async flush(): Promise<void> {
    try {
      await this.buffer.flush(this.dataSource);
    } catch (error) {
      this.logger.warn(`Field measurements not written yet: ${(error as Error).message}`);
    }
  }
}
