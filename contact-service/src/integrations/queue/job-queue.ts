import type { QueryRunner } from 'typeorm';
import {
  PgBoss,
  type Db,
  type Job,
  type JobResult,
  type WorkHandlerFor,
  type WorkOptions,
} from 'pg-boss';

export type QueueOptions = Parameters<PgBoss['createQueue']>[1];
export type { Db as QueueTransaction, Job, JobResult };

/** A TypeORM transaction's query runner as the queue's transaction: jobs added in it commit with it. */
export const queueTransactionOf = (runner: QueryRunner): Db => ({
  executeSql: async (text: string, values?: unknown[]) => ({
    rows: (await runner.query(text, values, true)).records as unknown[],
  }),
});

/**
 * The service's job queue: pg-boss (https://github.com/timgit/pg-boss) in the service's own
 * Postgres, schema pgboss. Workers in any number of processes share it (SKIP LOCKED), a job whose
 * worker died is taken up again when its lease (the queue's expireInSeconds) runs out, and jobs
 * can be added in the caller's transaction. Notifications deliver through it
 * (notifications/delivery-queues.ts); the daily retention purge is scheduled on it
 * (retention/retention.service.ts).
 */
export class JobQueue {
  private readonly boss: PgBoss;

  /** `monitorEverySeconds`: how often expired leases are looked for (about half the shortest). */
  constructor(url: string, { monitorEverySeconds }: { monitorEverySeconds: number }) {
    this.boss = new PgBoss({
      connectionString: url,
      max: 3,
      application_name: 'contact-service queue',
      schema: 'pgboss',
      // A new job wakes the workers at once (Postgres NOTIFY on commit) instead of the next poll.
      useListenNotify: true,
      superviseIntervalSeconds: monitorEverySeconds,
      monitorIntervalSeconds: monitorEverySeconds,
    });
  }

  async start(onError: (error: Error) => void): Promise<void> {
    this.boss.on('error', onError);
    await this.boss.start();
  }

  /** Creates the queue, or brings an existing one's options up to date when some are given. */
  async ensureQueue(name: string, options?: QueueOptions): Promise<void> {
    if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, options);
    else if (options) await this.boss.updateQueue(name, options);
  }

  /** One job on `name` at each time of the cron expression, however many processes run. */
  async schedule(name: string, cron: string, tz: string): Promise<void> {
    await this.boss.schedule(name, cron, {}, { tz });
  }

  /**
   * Adds jobs in the caller's transaction (`db`; none: at once), in one statement; a job with
   * `startAfter` waits until then.
   */
  async insert(
    name: string,
    jobs: { id?: string; data: object; startAfter?: Date }[],
    db?: Db,
  ): Promise<void> {
    await this.boss.insert(name, jobs, db ? { db } : undefined);
  }

  async work<Data extends object, const Options extends WorkOptions>(
    name: string,
    options: Options,
    handler: WorkHandlerFor<Options, Data>,
  ): Promise<void> {
    await this.boss.work<Data, unknown, Options>(name, options, handler);
  }

  /** Lets the jobs in flight finish (at most 10 s), then lets go of the connections. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
