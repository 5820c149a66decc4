import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Env } from './config/env.js';
import { ContactModule } from './contact/contact.module.js';
import { isWorthRetrying } from './database/connection-errors.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { HealthModule } from './health/health.module.js';
import { LeadsModule } from './leads/leads.module.js';
import { loggerModule } from './logging/logger.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { rateLimitModule } from './rate-limit/rate-limit.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  /**
   * `env` is already validated; `databaseUrl` may point at the embedded database. Without
   * `serveApi` (the separate worker process) only the probes, /metrics and delivery run.
   */
  static forRoot(env: Env, databaseUrl: string, serveApi = true): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => env] }),
        loggerModule(env),
        TypeOrmModule.forRoot({
          ...dataSourceOptions({
            url: databaseUrl,
            poolSize: env.DATABASE_POOL_SIZE,
            timeoutMs: env.DATABASE_TIMEOUT_MS,
          }),
          // createApp has applied the migrations already, on a connection with their own timeout.
          migrationsRun: false,
          // The database answered the migrations a moment ago; should it vanish in between, it is
          // waited for as at start, and wrong credentials still stop the start at once.
          retryAttempts: 10,
          retryDelay: 1000,
          toRetry: isWorthRetrying,
        }),
        rateLimitModule(env),
        MetricsModule,
        NotificationsModule.forRoot(env, databaseUrl),
        LeadsModule.forRoot(env),
        ...(serveApi ? [ContactModule, UsersModule] : []),
        HealthModule,
      ],
    };
  }
}
