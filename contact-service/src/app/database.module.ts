import { TypeOrmModule } from '@nestjs/typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { isWorthRetrying } from '../database/connection-errors.js';
import { dataSourceOptions } from '../database/data-source-options.js';

/**
 * An app's database pool, on the settings' database, after createApp has applied the migrations
 * (on a connection with their own timeout). Should the database vanish in between, it is waited
 * for as at start; wrong credentials still stop the start at once.
 */
export const databaseModule = (
  poolSize: (settings: EnvironmentService) => number,
  timeoutMs = (settings: EnvironmentService) => settings.get('DATABASE_TIMEOUT_MS'),
) =>
  TypeOrmModule.forRootAsync({
    inject: [EnvironmentService],
    useFactory: (settings: EnvironmentService) => ({
      ...dataSourceOptions({
        url: settings.databaseUrl,
        poolSize: poolSize(settings),
        timeoutMs: timeoutMs(settings),
      }),
      // The entities of the modules' repositories (TypeOrmModule.forFeature).
      autoLoadEntities: true,
      migrationsRun: false,
      retryAttempts: 10,
      retryDelay: 1000,
      toRetry: isWorthRetrying,
    }),
  });
