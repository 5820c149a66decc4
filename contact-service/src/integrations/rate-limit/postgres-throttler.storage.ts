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
import { EnvironmentService } from '../../config/environment.service.js';
import { StatementBatcher } from '../../database/statement-batcher.js';
import { apiError } from '../../http/api-error.js';
import { rows } from '../../database/rows.js';

/** Rows of clients whose window and block have both ended are removed this often. */
const SWEEP_MS = 10 * 60 * 1000;

type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A request's hit on a client's count. */
interface Hit {
  key: string;
  throttler: string;
  ttl: number;
  limit: number;
  blockDuration: number;
}

/** The stored count of one client after a statement. */
interface Counted {
  key: string;
  throttler: string;
  hits: number;
  expires_ms: number;
  blocked_ms: number | null;
}

/**
 * Where @nestjs/throttler counts each client's requests: an UPSERT in Postgres, so every replica
 * shares one count per client and a restart forgets nothing (in memory, three replicas would
 * allow three times the limit). The semantics are those of the throttler's own in-memory store,
 * on a fixed window: the request that goes over the limit blocks the client for blockDuration
 * (the window, by default), and the window starts again once both have ended.
 *
 * Hits that arrive together are counted by one statement (statement-batcher.ts): counted one by
 * one, they cost a quarter of the throughput of POST /api/contact (make bench). A client's n hits in one
 * statement add n, and each request is answered as if they had come one after another: the i-th
 * sees the count before them plus i, and is blocked when that is over the limit and the client
 * is blocked.
 *
 * Why not rate-limiter-flexible's Postgres store: it needs a client of its own beside TypeORM's
 * pool and plugs into Nest only through a guard of our own, while this is the throttler's own
 * extension point on the pool the service already has.
 */
@Injectable()
export class PostgresThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private sweeper?: NodeJS.Timeout;
  /** No hit waits for its statement longer than any other wait on the database. */
  private readonly hits: StatementBatcher<Hit, ThrottlerRecord>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    environment: EnvironmentService,
  ) {
    this.hits = new StatementBatcher((hits) => this.countAll(hits), {
      maxWaitMs: environment.get('DATABASE_TIMEOUT_MS'),
    });
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerRecord> {
    return this.hits
      .add({ key, throttler: throttlerName, ttl, limit, blockDuration })
      .catch((error: unknown) => {
        // Without its count the service cannot tell whether to accept: as for any database
        // outage, the client is told to try again, never given a 500.
        this.logger.warn(`Rate limit not readable: ${(error as Error).message}`);
        throw new ServiceUnavailableException(apiError(503));
      });
  }

  private async countAll(hits: Hit[]): Promise<ThrottlerRecord[]> {
    const records = new Map<Hit, ThrottlerRecord>();
    // Hits under different settings (other throttlers) are counted by statements of their own.
    const bySettings = Map.groupBy(hits, (hit) => `${hit.ttl}/${hit.limit}/${hit.blockDuration}`);
    await Promise.all([...bySettings.values()].map((group) => this.count(group, records)));
    return hits.map((hit) => records.get(hit)!);
  }

  private async count(hits: Hit[], records: Map<Hit, ThrottlerRecord>): Promise<void> {
    const { ttl, limit, blockDuration } = hits[0]!;
    const byClient = Map.groupBy(hits, (hit) => JSON.stringify([hit.key, hit.throttler]));
    // In a fixed order, so that two replicas' statements cannot deadlock on each other's rows.
    const clients = [...byClient.keys()].sort().map((client) => byClient.get(client)!);
    // In ON CONFLICT DO UPDATE, r.* is the stored row: every expression reads the old values,
    // and excluded.hits is the number of hits this statement adds.
    const counted = await rows<Counted>(
      this.dataSource,
      `WITH now AS (SELECT clock_timestamp() AS t)
       INSERT INTO rate_limits AS r (key, throttler, hits, window_ends, blocked_until)
       SELECT c.key, c.throttler, c.added, now.t + make_interval(secs => $4::float8 / 1000),
              CASE WHEN c.added > $5 THEN now.t + make_interval(secs => $6::float8 / 1000) END
         FROM unnest($1::varchar[], $2::varchar[], $3::int[]) WITH ORDINALITY
              AS c(key, throttler, added, position), now
        ORDER BY c.position
       ON CONFLICT (key, throttler) DO UPDATE SET
         hits = CASE WHEN r.window_ends <= clock_timestamp()
                      AND coalesce(r.blocked_until <= clock_timestamp(), true)
                     THEN excluded.hits ELSE r.hits + excluded.hits END,
         window_ends = CASE WHEN r.window_ends <= clock_timestamp()
                             AND coalesce(r.blocked_until <= clock_timestamp(), true)
                            THEN excluded.window_ends ELSE r.window_ends END,
         blocked_until = CASE
           WHEN r.window_ends <= clock_timestamp()
            AND coalesce(r.blocked_until <= clock_timestamp(), true) THEN excluded.blocked_until
           WHEN r.blocked_until IS NULL AND r.hits + excluded.hits > $5
             THEN clock_timestamp() + make_interval(secs => $6::float8 / 1000)
           ELSE r.blocked_until END
       RETURNING key, throttler, hits,
         extract(epoch FROM window_ends - clock_timestamp()) * 1000 AS expires_ms,
         extract(epoch FROM blocked_until - clock_timestamp()) * 1000 AS blocked_ms`,
      [
        clients.map((client) => client[0]!.key),
        clients.map((client) => client[0]!.throttler),
        clients.map((client) => client.length),
        ttl,
        limit,
        blockDuration,
      ],
    );
    for (const row of counted) {
      const client = byClient.get(JSON.stringify([row.key, row.throttler]))!;
      const before = row.hits - client.length;
      const blockedMs = row.blocked_ms === null ? 0 : Number(row.blocked_ms);
      client.forEach((hit, index) => {
        const totalHits = before + index + 1;
        const isBlocked = blockedMs > 0 && totalHits > limit;
        records.set(hit, {
          totalHits,
          timeToExpire: Math.max(0, Math.ceil(Number(row.expires_ms) / 1000)),
          isBlocked,
          timeToBlockExpire: isBlocked ? Math.ceil(blockedMs / 1000) : 0,
        });
      });
    }
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
