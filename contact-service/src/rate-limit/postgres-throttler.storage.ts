import {
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { apiError } from '../http/api-error.js';

/** Rows of clients whose window and block have both ended are removed this often. */
const SWEEP_MS = 10 * 60 * 1000;

/**
 * Where @nestjs/throttler counts each client's requests: one UPSERT in Postgres, so every replica
 * shares one count per client and a restart forgets nothing (in memory, three replicas would
 * allow three times the limit). The semantics are those of the throttler's own in-memory store,
 * on a fixed window: the request that goes over the limit blocks the client for blockDuration
 * (the window, by default), and the window starts again once both have ended.
 *
 * Why not rate-limiter-flexible's Postgres store: it needs a client of its own beside TypeORM's
 * pool and plugs into Nest only through a guard of our own, while this is the throttler's own
 * extension point and a single statement on the pool the service already has.
 */
@Injectable()
export class PostgresThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private sweeper?: NodeJS.Timeout;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): ReturnType<ThrottlerStorage['increment']> {
    let row: { hits: number; expires_ms: number; blocked_ms: number | null } | undefined;
    try {
      // In ON CONFLICT DO UPDATE, r.* is the stored row: every expression reads the old values.
      [row] = (await this.dataSource.query(
        `WITH now AS (SELECT clock_timestamp() AS t)
         INSERT INTO rate_limits AS r (key, throttler, hits, window_ends)
         SELECT $1, $2, 1, now.t + make_interval(secs => $3::float8 / 1000) FROM now
         ON CONFLICT (key, throttler) DO UPDATE SET
           hits = CASE WHEN r.window_ends <= clock_timestamp()
                        AND coalesce(r.blocked_until <= clock_timestamp(), true)
                       THEN 1 ELSE r.hits + 1 END,
           window_ends = CASE WHEN r.window_ends <= clock_timestamp()
                               AND coalesce(r.blocked_until <= clock_timestamp(), true)
                              THEN excluded.window_ends ELSE r.window_ends END,
           blocked_until = CASE
             WHEN r.window_ends <= clock_timestamp()
              AND coalesce(r.blocked_until <= clock_timestamp(), true) THEN NULL
             WHEN r.blocked_until IS NULL AND r.hits + 1 > $4
               THEN clock_timestamp() + make_interval(secs => $5::float8 / 1000)
             ELSE r.blocked_until END
         RETURNING hits,
           extract(epoch FROM window_ends - clock_timestamp()) * 1000 AS expires_ms,
           extract(epoch FROM blocked_until - clock_timestamp()) * 1000 AS blocked_ms`,
        [key, throttlerName, ttl, limit, blockDuration],
      )) as { hits: number; expires_ms: number; blocked_ms: number | null }[];
    } catch (error) {
      // Without its count the service cannot tell whether to accept: as for any database outage,
      // the client is told to try again, never given a 500.
      this.logger.warn(`Rate limit not readable: ${(error as Error).message}`);
      throw new ServiceUnavailableException(apiError(503));
    }
    const blockedMs = row!.blocked_ms === null ? 0 : Number(row!.blocked_ms);
    return {
      totalHits: row!.hits,
      timeToExpire: Math.max(0, Math.ceil(Number(row!.expires_ms) / 1000)),
      isBlocked: blockedMs > 0,
      timeToBlockExpire: Math.max(0, Math.ceil(blockedMs / 1000)),
    };
  }

  private async sweep(): Promise<void> {
    await this.dataSource
      .query(
        `DELETE FROM rate_limits WHERE window_ends < now()
            AND coalesce(blocked_until < now(), true)`,
      )
      .catch((error: Error) => this.logger.warn(`Rate limit sweep failed: ${error.message}`));
  }
}
