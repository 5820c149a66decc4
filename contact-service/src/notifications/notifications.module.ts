import { Module } from '@nestjs/common';
import { EnvironmentService } from '../config/environment.service.js';
import { buildChannels } from './channels.js';
import { DeliveryQueues } from './delivery-queues.js';
import { NOTIFICATION_CHANNELS, NotificationsService } from './notifications.service.js';
import { OutboxRelay } from './outbox-relay.js';

@Module({
  providers: [
    {
      provide: NOTIFICATION_CHANNELS,
      inject: [EnvironmentService],
      useFactory: buildChannels,
    },
    DeliveryQueues,
    OutboxRelay,
    NotificationsService,
  ],
  // The contact feature plans and relays a new lead's notifications.
  exports: [NotificationsService],
})
export class NotificationsModule {}
