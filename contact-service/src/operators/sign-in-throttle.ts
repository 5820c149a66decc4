import type { DataSource } from 'typeorm';

/** Failures allowed before each attempt must wait; the wait then doubles from 1 s up to 60 s. */
export const FREE_FAILURES = 3;
/** This many failures in a row lock the account (or the client address) for LOCK_MINUTES. */
export const LOCK_AFTER = 10;
export const LOCK_MINUTES = 15;
/** A failure is forgotten after a day without another. */
const FORGET_MS = 24 * 3600_000;

/** When a refused attempt may be made again; null when it may be made now. */
export type Wait = { untilMs: number } | null;

/**
 * Sign-in failures counted per account and per client address, in Postgres so that every replica
 * counts alike: after FREE_FAILURES, each next attempt must wait a growing delay; after
 * LOCK_AFTER, LOCK_MINUTES. A success clears the account's count (not the address's: one good
 * password does not unlock a client guessing at many accounts).
 */
export class SignInThrottle {
  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => Date,
  ) {}

  /** The longest wait any of `keys` is under. */
  async waitFor(keys: string[]): Promise<Wait> {
    const rows = (await this.dataSource.query(
      `SELECT failures, last_failure_at AS "lastFailureAt", locked_until AS "lockedUntil"
         FROM sign_in_failures WHERE key = ANY($1)`,
      [keys],
    )) as { failures: number; lastFailureAt: Date; lockedUntil: Date | null }[];
    const now = this.now().getTime();
    const until = Math.max(
      0,
      ...rows.map((row) => {
        if (now - row.lastFailureAt.getTime() > FORGET_MS) return 0;
        if (row.lockedUntil) return row.lockedUntil.getTime();
        return row.failures >= FREE_FAILURES
          ? row.lastFailureAt.getTime() + delayAfter(row.failures)
          : 0;
      }),
    );
    return until > now ? { untilMs: until } : null;
  }

  async fail(keys: string[]): Promise<void> {
    const now = this.now();
    await this.dataSource.query(
      `INSERT INTO sign_in_failures AS f (key, failures, last_failure_at)
       SELECT key, 1, $2 FROM unnest($1::varchar[]) AS key
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN f.last_failure_at < $3 THEN 1 ELSE f.failures + 1 END,
         last_failure_at = $2,
         locked_until = CASE WHEN f.last_failure_at >= $3 AND f.failures + 1 >= $4
                             THEN $2::timestamptz + make_interval(mins => $5) END`,
      [keys, now, new Date(now.getTime() - FORGET_MS), LOCK_AFTER, LOCK_MINUTES],
    );
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sign_in_failures WHERE key = $1`, [key]);
  }
}

/** 1 s after the FREE_FAILURES-th failure, doubling with each, at most 60 s. */
export function delayAfter(failures: number): number {
  return Math.min(60, 2 ** (failures - FREE_FAILURES)) * 1000;
}
