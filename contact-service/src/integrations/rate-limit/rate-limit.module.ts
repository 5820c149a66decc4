import { type DynamicModule, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { EnvironmentService } from '../../config/environment.service.js';
import { PostgresThrottlerStorage } from './postgres-throttler.storage.js';

@Module({ providers: [PostgresThrottlerStorage], exports: [PostgresThrottlerStorage] })
class StorageModule {}

/**
 * The per-client limit on submissions (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS), counted in
 * Postgres so that all replicas share it. nginx's limit_req in front is a per-instance flood
 * guard on top of it (infra/nginx).
 */
export const rateLimitModule = (): DynamicModule =>
  ThrottlerModule.forRootAsync({
    imports: [StorageModule],
    inject: [PostgresThrottlerStorage, EnvironmentService],
    useFactory: (storage: PostgresThrottlerStorage, environment: EnvironmentService) => ({
      throttlers: [
        {
          ttl: environment.get('RATE_LIMIT_WINDOW_SECONDS') * 1000,
          limit: environment.get('RATE_LIMIT_MAX'),
        },
      ],
      storage,
    }),
  });
