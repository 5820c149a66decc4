import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isRowError, StatementBatcher, StatementWaitTimeout } from './statement-batcher.js';

/** A `run` that records its batches and answers each item doubled, after `ms`. */
function recorder(ms = 5, fail?: (items: number[]) => Error | undefined) {
  const batches: number[][] = [];
  let running = 0;
  let overlapped = false;
  const run = async (items: number[]) => {
    batches.push(items);
    running += 1;
    if (running > 1) overlapped = true;
    await new Promise((resolve) => setTimeout(resolve, ms));
    running -= 1;
    const error = fail?.(items);
    if (error) throw error;
    return items.map((item) => item * 2);
  };
  return { run, batches, overlapped: () => overlapped };
}

const rowError = (message: string) => Object.assign(new Error(message), { code: '22021' });

describe('StatementBatcher', () => {
  it('runs an item that arrives alone at once, and those that arrive meanwhile together', async () => {
    const { run, batches } = recorder();
    const batcher = new StatementBatcher(run);
    const first = batcher.add(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4].map((item) => batcher.add(item));
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('takes at most maxBatch items in one statement', async () => {
    const { run, batches } = recorder();
    const batcher = new StatementBatcher(run, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((item) => batcher.add(item)));
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('answers every item of a failed batch with the failure, and goes on with the next', async () => {
    const { run, batches } = recorder(5, (items) =>
      items.includes(2) ? new Error('connection terminated') : undefined,
    );
    const batcher = new StatementBatcher(run, { retryAlone: isRowError });
    const answers = await Promise.allSettled([1, 2, 3].map((item) => batcher.add(item)));
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    // Not a row's error: nothing is tried again.
    expect(batches).toEqual([[1], [2, 3]]);
    expect(await batcher.add(4)).toBe(8);
  });

  it('tries a batch a row broke again item by item, so only that item fails', async () => {
    const { run, batches, overlapped } = recorder(5, (items) =>
      items.includes(3) ? rowError('invalid byte sequence for encoding "UTF8": 0x00') : undefined,
    );
    const batcher = new StatementBatcher(run, { retryAlone: isRowError });
    const answers = await Promise.allSettled([1, 2, 3, 4].map((item) => batcher.add(item)));
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(answers[1]).toEqual({ status: 'fulfilled', value: 4 });
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(overlapped()).toBe(false);
  });

  it('answers an item that waited longer than maxWaitMs with a timeout, and never runs it', async () => {
    const { run, batches } = recorder(40);
    const batcher = new StatementBatcher(run, { maxWaitMs: 20 });
    const first = batcher.add(1);
    const late = batcher.add(2);
    await expect(first).resolves.toBe(2);
    await expect(late).rejects.toBeInstanceOf(StatementWaitTimeout);
    expect(batches).toEqual([[1]]);
    // Once the database is quick again, so are the answers.
    expect(await batcher.add(3)).toBe(6);
  });

  it('whatever the arrivals: one statement at a time, each item once, in order, its own answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 12 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        async (gaps, maxBatch) => {
          const { run, batches, overlapped } = recorder(3);
          const batcher = new StatementBatcher(run, { maxBatch });
          const answers: Promise<number>[] = [];
          for (const [item, gap] of gaps.entries()) {
            answers.push(batcher.add(item));
            if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
          }
          expect(await Promise.all(answers)).toEqual(gaps.map((_, item) => item * 2));
          expect(batches.flat()).toEqual(gaps.map((_, item) => item));
          expect(batches.every((batch) => batch.length <= maxBatch)).toBe(true);
          expect(overlapped()).toBe(false);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('isRowError', () => {
  it('is a data or constraint error of the statement, not a connection or a timeout', () => {
    expect(isRowError(rowError('x'))).toBe(true);
    expect(isRowError(Object.assign(new Error(), { code: '23505' }))).toBe(true);
    expect(isRowError(Object.assign(new Error(), { code: '57014' }))).toBe(false);
    expect(isRowError(Object.assign(new Error(), { code: '08006' }))).toBe(false);
    expect(isRowError(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isRowError(null)).toBe(false);
  });
});
