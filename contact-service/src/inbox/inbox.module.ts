import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { LeadRemoval } from '../leads/lead-removal.js';
import { LeadsStore } from '../leads/leads.store.js';
import { promiseRules } from '../leads/lead-promises.js';
import { announcedChannels } from '../notifications/channels.js';
import { Redelivery } from '../notifications/redelivery.js';
import { Clock } from '../operators/clock.js';
import { OperatorsModule } from '../operators/operators.module.js';
import { AdminLeadsController } from './console/admin-leads.controller.js';
import { DeliveriesController } from './console/deliveries.controller.js';
import { LeadsController } from './console/leads.controller.js';
import { OverviewController } from './console/overview.controller.js';
import { Inbox } from './inbox.js';

const DATA = getDataSourceToken();

/**
 * The lead inbox in the console: the inbox, the lead screen, deliveries and the admins' export
 * and erasure. The operations are inbox/inbox.ts's, the `leads` command's too; OperatorsModule's
 * guard stands in front of every route.
 */
@Module({
  imports: [OperatorsModule],
  controllers: [LeadsController, DeliveriesController, AdminLeadsController, OverviewController],
  providers: [
    {
      provide: Inbox,
      inject: [DATA, EnvironmentService, Clock],
      useFactory: (data: DataSource, environment: EnvironmentService, clock: Clock) =>
        new Inbox(data, {
          rules: promiseRules(environment),
          channels: announcedChannels(environment),
          now: () => clock.now(),
        }),
    },
    { provide: LeadsStore, inject: [DATA], useFactory: (data: DataSource) => new LeadsStore(data) },
    { provide: Redelivery, inject: [DATA], useFactory: (data: DataSource) => new Redelivery(data) },
    {
      provide: LeadRemoval,
      inject: [DATA],
      useFactory: (data: DataSource) => new LeadRemoval(data),
    },
  ],
})
export class InboxModule {}
