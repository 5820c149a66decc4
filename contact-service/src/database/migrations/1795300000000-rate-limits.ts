import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-client rate limit, shared by every replica and kept across their restarts
 * (src/rate-limit/postgres-throttler.storage.ts). A row per client and limit: a hash of the
 * client's address (never the address), the hits in the current window, and how long the client
 * is refused once over the limit. UNLOGGED: no write-ahead log for a counter, so it costs a
 * fraction of a logged write; if Postgres itself crashes the counters start again from zero,
 * which only forgives a few minutes of limit.
 */
export class RateLimits1795300000000 implements MigrationInterface {
  name = 'RateLimits1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE UNLOGGED TABLE "rate_limits" (
        "key" varchar(128) NOT NULL,
        "throttler" varchar(64) NOT NULL,
        "hits" integer NOT NULL,
        "window_ends" timestamptz NOT NULL,
        "blocked_until" timestamptz,
        CONSTRAINT "PK_rate_limits" PRIMARY KEY ("key", "throttler")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_rate_limits_window_ends" ON "rate_limits" ("window_ends")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_limits"`);
  }
}
