import { type DynamicModule, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { EnvironmentService } from '../../config/environment.service.js';
import { PostgresThrottlerStorage } from './postgres-throttler.storage.js';

/**
 * The shared counts alone, for a limit counted outside the throttler's guard: the console's
 * back-channel logout, per provider (operators/sso/backchannel-logout.ts).
 */
@Module({ providers: [PostgresThrottlerStorage], exports: [PostgresThrottlerStorage] })
export class RateLimitStorageModule {}

/**
 * A page view sends one or two field-measurement beacons, and many visitors can share one address
 * (an office behind one NAT): an address may send this many for each submission the contact form
 * allows it (1,000 per 10 minutes with the defaults). Enough to keep a flood off the counters;
 * a beacon refused costs one page view's measurements, nothing else.
 */
export const BEACONS_PER_SUBMISSION = 50;

/**
 * The per-client limits, counted in Postgres so that all replicas share them, each in the window
 * of RATE_LIMIT_WINDOW_SECONDS: `default`, on contact submissions (RATE_LIMIT_MAX); `bookings`,
 * on the schedulers' webhooks (one delivery per booking event, from the schedulers' few
 * addresses); `beacons`, on field measurements. The last two allow BEACONS_PER_SUBMISSION times
 * as many. Each public endpoint counts against one of them (PublicEndpoint, public-endpoint.ts).
 * nginx's limit_req in front is a per-instance flood guard on top (infra/nginx).
 */
export const LIMITS = ['default', 'bookings', 'beacons'] as const;
export type Limit = (typeof LIMITS)[number];

export const rateLimitModule = (): DynamicModule =>
  ThrottlerModule.forRootAsync({
    imports: [RateLimitStorageModule],
    inject: [PostgresThrottlerStorage, EnvironmentService],
    useFactory: (storage: PostgresThrottlerStorage, environment: EnvironmentService) => ({
      throttlers: LIMITS.map((name) => ({
        name,
        ttl: environment.get('RATE_LIMIT_WINDOW_SECONDS') * 1000,
        limit:
          environment.get('RATE_LIMIT_MAX') * (name === 'default' ? 1 : BEACONS_PER_SUBMISSION),
      })),
      storage,
    }),
  });
