import { sqlState } from './connection-errors.js';

interface Waiting<Item, Result> {
  item: Item;
  since: number;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface BatcherOptions {
  /** The most items one statement takes; the rest wait for the next. */
  maxBatch?: number;
  /**
   * Whether a failed batch is tried again item by item, so that one item's failure (a value the
   * database refused) is never another's. Not for failures every item would share, such as the
   * database being away: those are answered at once.
   */
  retryAlone?(error: unknown): boolean;
  /**
   * How long an item may wait for its statement to start; one that waited longer is answered
   * with a StatementWaitTimeout and never run. As with a pool's wait for a connection, a slow
   * database then gives fast refusals instead of an ever longer queue.
   */
  maxWaitMs?: number;
}

/** An item was not run: the statements before it took longer than `maxWaitMs`. */
export class StatementWaitTimeout extends Error {
  constructor(waitedMs: number) {
    super(`waited ${Math.round(waitedMs)} ms for the database, longer than allowed`);
    this.name = 'StatementWaitTimeout';
  }
}

/**
 * Group commit for a hot statement: one runs at a time, and the items that arrive while it runs
 * go together in the next. Alone, an item runs at once and waits for nothing; under load, n items
 * cost one round trip (and one commit) instead of n, which on a busy server is most of the cost of
 * a request (docs/development.md, "Benchmark"). `run` answers each item, in order.
 */
export class StatementBatcher<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private running = false;

  constructor(
    private readonly run: (items: Item[]) => Promise<Result[]>,
    private readonly options: BatcherOptions = {},
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, since: performance.now(), resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const now = performance.now();
      const { maxWaitMs = Infinity, maxBatch = 100 } = this.options;
      const ready = [];
      for (const waiting of this.waiting.splice(0, maxBatch)) {
        if (now - waiting.since <= maxWaitMs) ready.push(waiting);
        else waiting.reject(new StatementWaitTimeout(now - waiting.since));
      }
      if (ready.length > 0) await this.settle(ready);
    }
    this.running = false;
  }

  private async settle(batch: Waiting<Item, Result>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (batch.length > 1 && this.options.retryAlone?.(error)) {
        for (const waiting of batch) await this.settle([waiting]);
      } else {
        for (const waiting of batch) waiting.reject(error);
      }
    }
  }
}

/** A value of one row broke the statement (SQLSTATE class 22, data, or 23, a constraint). */
export function isRowError(error: unknown): boolean {
  return /^2[23]/.test(sqlState(error) ?? '');
}
