import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EnvironmentModule, EnvironmentService } from '../config/environment.service.js';
import { ContactModule } from '../contact/contact.module.js';
import { isWorthRetrying } from '../database/connection-errors.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { HealthModule } from '../health/health.module.js';
import { QueueModule } from '../integrations/queue/queue.module.js';
import { rateLimitModule } from '../integrations/rate-limit/rate-limit.module.js';
import { loggerModule } from '../logging/logger.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { OperatorsModule } from '../operators/operators.module.js';
import { RetentionModule } from '../retention/retention.module.js';

/** Which process the app is: the public API (with background jobs, unless switched off) or the worker. */
export type AppRole = 'api' | 'worker';

@Module({})
export class AppModule {
  /**
   * Settings reach every module through `environment`, validated already. The worker serves only
   * the probes and /metrics, and runs the background jobs.
   */
  static forRoot(environment: EnvironmentService, role: AppRole): DynamicModule {
    return {
      module: AppModule,
      imports: [
        EnvironmentModule.forRoot(environment),
        loggerModule(),
        TypeOrmModule.forRootAsync({
          inject: [EnvironmentService],
          useFactory: (settings: EnvironmentService) => ({
            ...dataSourceOptions({
              url: settings.databaseUrl,
              poolSize: settings.get('DATABASE_POOL_SIZE'),
              timeoutMs: settings.get('DATABASE_TIMEOUT_MS'),
            }),
            // The entities of the modules' repositories (TypeOrmModule.forFeature).
            autoLoadEntities: true,
            // createApp has applied the migrations already, on a connection with their own timeout.
            migrationsRun: false,
            // The database answered the migrations a moment ago; should it vanish in between, it
            // is waited for as at start, and wrong credentials still stop the start at once.
            retryAttempts: 10,
            retryDelay: 1000,
            toRetry: isWorthRetrying,
          }),
        }),
        QueueModule,
        rateLimitModule(),
        MetricsModule,
        NotificationsModule,
        RetentionModule,
        ...(role === 'api' ? [ContactModule, OperatorsModule] : []),
        HealthModule,
      ],
    };
  }
}
