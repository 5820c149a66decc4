import { Module } from '@nestjs/common';
import { OperatorsModule } from '../operators/operators.module.js';
import { AdminLeadsController } from './console/admin-leads.controller.js';
import { DeliveriesController } from './console/deliveries.controller.js';
import { LeadsController } from './console/leads.controller.js';
import { OverviewController } from './console/overview.controller.js';
import { SourcesController } from './console/sources.controller.js';
import { InboxOperationsModule } from './inbox-operations.module.js';

/**
 * The lead inbox in the console: the inbox, the lead screen, deliveries and the admins' export
 * and erasure. The operations are inbox/inbox.ts's, the `leads` command's too; OperatorsModule's
 * guard stands in front of every route, and its clock is the inbox's.
 */
@Module({
  imports: [OperatorsModule, InboxOperationsModule],
  controllers: [
    LeadsController,
    DeliveriesController,
    AdminLeadsController,
    OverviewController,
    SourcesController,
  ],
})
export class InboxModule {}
