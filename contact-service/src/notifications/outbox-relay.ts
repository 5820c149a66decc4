import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Channel } from './notification.entity.js';
import { NotificationQueue } from './notification-queue.js';

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
 * (the one thing the 201 waits for), and this relay hands them to the queue right after, in
 * batches. Any process may relay any row (FOR UPDATE SKIP LOCKED), a row is handed over in the
 * same transaction that marks it (enqueued_at), and the job id is the notification id, so a row
 * is never lost and never queued twice. Enqueueing in the request itself halved the throughput
 * of POST /api/contact (make bench).
 */
@Injectable()
export class OutboxRelay {
  private readonly logger = new Logger('Outbox');
  private running: Promise<void> | null = null;
  private again = false;
  private timer?: NodeJS.Timeout;
  private waiting?: NodeJS.Timeout;
  private lastPass = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: NotificationQueue,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.soon(), SWEEP_MS);
    this.soon();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.waiting);
    this.timer = undefined;
    this.again = false;
    await this.running;
  }

  /** Relays what is committed, soon; calls during a pass make one more pass, not one each. */
  soon(): void {
    if (this.running || this.waiting) {
      this.again = true;
      return;
    }
    const wait = this.lastPass + GAP_MS - Date.now();
    if (wait > 0) {
      this.waiting = setTimeout(() => {
        this.waiting = undefined;
        if (this.timer) this.soon();
      }, wait);
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) =>
        this.logger.warn(`Relay pass failed, tried again in 1 s: ${(error as Error).message}`),
      )
      .finally(() => {
        this.lastPass = Date.now();
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.soon();
        }
      });
  }

  private async drain(): Promise<void> {
    while ((await this.pass()) === BATCH);
  }

  private async pass(): Promise<number> {
    const transaction = this.dataSource.createQueryRunner();
    await transaction.connect();
    try {
      await transaction.startTransaction();
      // A row tried before is one an operator gave back (`leads retry`): it is queued again.
      const rows = (await transaction.query(
        `SELECT id, channel, attempts > 0 AS again FROM notifications WHERE enqueued_at IS NULL
          ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      )) as { id: string; channel: Channel; again: boolean }[];
      if (rows.length > 0) {
        const enqueuedAt = new Date().toISOString();
        await this.queue.enqueue(
          {
            executeSql: async (text: string, values?: unknown[]) => ({
              rows: (await transaction.query(text, values, true)).records as unknown[],
            }),
          },
          rows,
          enqueuedAt,
        );
        await transaction.query(
          `UPDATE notifications SET enqueued_at = $2 WHERE id = ANY($1::uuid[])`,
          [rows.map((row) => row.id), enqueuedAt],
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
