import { Clock } from './clock.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import { Any, In, type DataSource } from 'typeorm';
import { SignInFailure } from './sign-in-failure.entity.js';

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
 *
 * An attempt is decided and counted before its password is checked (begin), and a success takes
 * the count back (succeeded): attempts that arrive together queue on their rows and are decided
 * one after another, so a burst gets no more password checks than the throttle allows one by one.
 */
@Injectable()
export class SignInThrottle {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return this.clock.now();
  }

  /** Whether an attempt on `keys` may go on now; when it may, it is counted as a failure. */
  async begin(keys: string[]): Promise<Wait> {
    const now = this.now();
    return this.dataSource.transaction(async (manager) => {
      // A key seen for the first time gets its row (ON CONFLICT DO NOTHING), to be locked below.
      await manager
        .createQueryBuilder()
        .insert()
        .into(SignInFailure)
        .values(keys.map((key) => ({ key, failures: 0, lastFailureAt: now })))
        .orIgnore()
        .execute();
      // In the order of their keys, so that two attempts never wait on each other's rows.
      const rows = await manager.find(SignInFailure, {
        where: { key: In(keys) },
        order: { key: 'ASC' },
        lock: { mode: 'pessimistic_write' },
      });
      const wait = waitOf(rows, now.getTime());
      if (wait) return wait;
      // The rows are locked until the transaction ends: each is counted from what it holds.
      for (const row of rows) await manager.update(SignInFailure, row.key, failedOnce(row, now));
      return null;
    });
  }

  /**
   * The attempt begun on `keys` succeeded: an account's count is cleared, and an address's
   * failure taken back.
   */
  async succeeded(keys: string[]): Promise<void> {
    const accounts = keys.filter((key) => key.startsWith('account:'));
    await this.dataSource.manager.delete(SignInFailure, { key: In(accounts) });
    await this.undo(keys.filter((key) => !accounts.includes(key)));
  }

  /** Takes back what begin counted, for an attempt that was never decided (the server busy). */
  async undo(keys: string[]): Promise<void> {
    // Relative to each row's own count, in one statement, without locking the rows first.
    await this.dataSource
      .createQueryBuilder()
      .update(SignInFailure)
      .set({
        failures: () => 'greatest(failures - 1, 0)',
        lockedUntil: () => 'CASE WHEN failures - 1 >= :lockAfter THEN locked_until END',
      })
      .where({ key: Any(keys) })
      .setParameter('lockAfter', LOCK_AFTER)
      .execute();
  }
}

/**
 * A row with one more failure at `now`: the first of a new series when the last was over a day
 * ago; the LOCK_AFTER-th in a row locks it for LOCK_MINUTES.
 */
function failedOnce(row: SignInFailure, now: Date): Partial<SignInFailure> {
  const recent = row.lastFailureAt.getTime() >= now.getTime() - FORGET_MS;
  const failures = recent ? row.failures + 1 : 1;
  const locked = recent && failures >= LOCK_AFTER;
  return {
    failures,
    lastFailureAt: now,
    lockedUntil: locked ? new Date(now.getTime() + LOCK_MINUTES * 60_000) : null,
  };
}

/** The longest wait any of the rows puts an attempt under at `now`. */
function waitOf(rows: SignInFailure[], now: number): Wait {
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

/** 1 s after the FREE_FAILURES-th failure, doubling with each, at most 60 s. */
export function delayAfter(failures: number): number {
  return Math.min(60, 2 ** (failures - FREE_FAILURES)) * 1000;
}
