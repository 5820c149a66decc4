import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { redact, secretValues, type Env } from '../config/env.js';
import { buildChannels } from './channels/build-channels.js';
import { NotificationQueue } from './notification-queue.js';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_ENV,
  NotificationsService,
} from './notifications.service.js';
import { OutboxRelay } from './outbox-relay.js';

@Module({})
export class NotificationsModule {
  static forRoot(env: Env, databaseUrl: string): DynamicModule {
    return {
      module: NotificationsModule,
      // The contact feature schedules notifications in its own transaction.
      global: true,
      providers: [
        {
          provide: NotificationQueue,
          useFactory: async () => {
            const queue = new NotificationQueue(databaseUrl, env);
            const logger = new Logger('Queue');
            const secrets = secretValues(env);
            await queue.start((error) =>
              logger.error(`pg-boss: ${redact(error.message, secrets)}`),
            );
            return queue;
          },
        },
        { provide: NOTIFICATION_ENV, useValue: env },
        { provide: NOTIFICATION_CHANNELS, useFactory: () => buildChannels(env) },
        OutboxRelay,
        NotificationsService,
      ],
      exports: [NotificationsService, NotificationQueue],
    };
  }
}
