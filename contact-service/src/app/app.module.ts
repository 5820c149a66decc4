import { type DynamicModule, Module } from '@nestjs/common';
import type { EnvironmentService } from '../config/environment.service.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { ContactModule } from '../contact/contact.module.js';
import { HealthModule } from '../health/health.module.js';
import { QueueModule } from '../integrations/queue/queue.module.js';
import { rateLimitModule } from '../integrations/rate-limit/rate-limit.module.js';
import { loggerModule } from '../logging/logger.module.js';
import { MeasurementsModule } from '../measurements/measurements.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { RetentionModule } from '../retention/retention.module.js';
import { StatementModule } from '../statement/statement.module.js';
import { databaseModule } from './database.module.js';
import { rootModule } from './root-module.js';

/** Which process the app is: the public API (with background jobs, unless switched off) or the worker. */
export type AppRole = 'api' | 'worker';

@Module({})
export class AppModule {
  /**
   * Settings reach every module through `environment`, validated already. The worker serves only
   * the probes and /metrics, and runs the background jobs.
   */
  static forRoot(environment: EnvironmentService, role: AppRole): DynamicModule {
    return rootModule(AppModule, environment, [
      loggerModule(),
      databaseModule((settings) => settings.get('DATABASE_POOL_SIZE')),
      QueueModule,
      rateLimitModule(),
      MetricsModule,
      NotificationsModule,
      RetentionModule,
      ...(role === 'api'
        ? [ContactModule, MeasurementsModule, BookingsModule, StatementModule]
        : []),
      HealthModule,
    ]);
  }
}
