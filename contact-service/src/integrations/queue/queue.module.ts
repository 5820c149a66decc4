import { type BeforeApplicationShutdown, Global, Inject, Logger, Module } from '@nestjs/common';
import { EnvironmentService } from '../../config/environment.service.js';
import { redact } from '../../config/env.js';
import { JobQueue } from './job-queue.js';

/**
 * The job queue, one per process, for every feature. It stops after the features have stopped
 * adding to it (their onModuleDestroy) and before the database pool closes.
 */
@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [EnvironmentService],
      useFactory: async (environment: EnvironmentService) => {
        // Expired leases are found by the monitor's pass: look often enough for the lease to
        // mean what it says.
        const lease = environment.get('NOTIFY_LEASE_SECONDS');
        const queue = new JobQueue(environment.databaseUrl, {
          monitorEverySeconds: Math.max(1, Math.min(60, Math.floor(lease / 2))),
        });
        const logger = new Logger('Queue');
        await queue.start((error) =>
          logger.error(`pg-boss: ${redact(error.message, environment.secrets)}`),
        );
        return queue;
      },
    },
  ],
  exports: [JobQueue],
})
export class QueueModule implements BeforeApplicationShutdown {
  constructor(@Inject(JobQueue) private readonly queue: JobQueue) {}

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.stop();
  }
}
