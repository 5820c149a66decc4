import { LeadsModule } from '../leads/leads.module.js';
import { Module } from '@nestjs/common';
import { EnvironmentService } from '../config/environment.service.js';
import { buildChannels, NOTIFICATION_CHANNELS } from './channels.js';
import { DeliveryQueues } from './delivery-queues.js';
import { NotificationsService } from './notifications.service.js';
import { OutboxRelay } from './outbox-relay.js';
import { PromiseWatch } from './promise-watch.js';

@Module({
  imports: [LeadsModule],
  providers: [
    {
      provide: NOTIFICATION_CHANNELS,
      inject: [EnvironmentService],
      useFactory: buildChannels,
    },
    DeliveryQueues,
    PromiseWatch,
    OutboxRelay,
    NotificationsService,
  ],
  // The contact feature plans and relays a new lead's notifications.
  exports: [NotificationsService, PromiseWatch],
})
export class NotificationsModule {}
