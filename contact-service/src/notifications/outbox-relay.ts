import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { queueTransactionOf } from '../integrations/queue/job-queue.js';
import { lockUnqueued, markQueued } from '../leads/outbox.js';
import type { Channel } from './channels.js';
import { DeliveryQueues } from './delivery-queues.js';
import { PromiseWatch } from './promise-watch.js';

const BATCH = 200;
/** Rows another process wrote (or this one, before a crash) are picked up within this. */
const SWEEP_MS = 1000;
/**
 * Passes start at least this far apart: under load, one pass takes the rows of many requests
 * instead of each request paying for a pass of its own; a lead waits at most this much longer.
 */
const GAP_MS = 50;

/**
 * The transactional outbox: a lead's notification rows are written in the lead's own transaction
 * (the one thing the 201 waits for; leads/lead-writer.ts), and this relay hands them to the queue
 * right after, in batches. Any process may relay any row (FOR UPDATE SKIP LOCKED), a row is
 * handed over in the same transaction that marks it (enqueued_at), and the job id is the
 * notification id, so a row is never lost and never queued twice. Enqueueing in the request
 * itself halved the throughput of POST /api/contact (make bench).
 *
 * One loop: a pass, a gap of GAP_MS, then the next pass at once if soon() was called meanwhile,
 * else after a nap that soon() cuts short, at most SWEEP_MS after the last.
 */
@Injectable()
export class OutboxRelay {
  private readonly logger = new Logger('Outbox');
  private running = false;
  private loop: Promise<void> | null = null;
  /** soon() was called since the current pass began. */
  private asked = false;
  /** Ends the current nap early; set only while the loop naps. */
  private wake: (() => void) | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queues: DeliveryQueues,
    private readonly watch: PromiseWatch,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Relays what is committed, soon; calls during a pass make one more pass, not one each. */
  soon(): void {
    this.asked = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.asked = false;
      try {
        while ((await this.pass()) === BATCH);
      } catch (error) {
        this.logger.warn(`Relay pass failed, tried again in 1 s: ${(error as Error).message}`);
      }
      await sleep(GAP_MS);
      if (!this.asked && this.running) await this.nap(SWEEP_MS - GAP_MS);
    }
  }

  private nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private async pass(): Promise<number> {
    const transaction = this.dataSource.createQueryRunner();
    await transaction.connect();
    try {
      await transaction.startTransaction();
      // A row tried before is one an operator gave back (`leads retry`): it is queued again.
      const rows = await lockUnqueued<Channel>(transaction, BATCH);
      if (rows.length > 0) {
        const enqueuedAt = new Date().toISOString();
        const db = queueTransactionOf(transaction);
        await this.queues.enqueue(db, rows, enqueuedAt);
        // A lead's announcement (its email, which every lead has) starts the watch over its
        // promises, once: a row given back by an operator is not a new lead.
        await this.watch.schedule(
          transaction,
          rows.filter((row) => row.announces && !row.again).map((row) => row.leadId),
        );
        await markQueued(
          transaction,
          rows.map((row) => row.id),
          enqueuedAt,
        );
      }
      await transaction.commitTransaction();
      return rows.length;
    } catch (error) {
      if (transaction.isTransactionActive) await transaction.rollbackTransaction().catch(() => {});
      throw error;
    } finally {
      await transaction.release();
    }
  }
}
