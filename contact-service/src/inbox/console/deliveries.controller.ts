import { Operation } from '../../http/operation.js';
import { Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DeliveryRecord } from '../../leads/delivery-record.js';
import { LeadsStore } from '../../leads/leads.store.js';
import { Redelivery } from '../../notifications/redelivery.js';
import { CurrentOperator } from '../../operators/console/access.js';
import type { Operator } from '../../operators/sessions.js';
import { InboxRefusal } from '../inbox.js';
import { DeliveriesQuery, DeliveryPath } from './dto/inbox.dto.js';

/**
 * Failed and pending notifications across leads, with "deliver again". A row names its lead by
 * id and channel only; the error was cleared of the lead's address when it was stored.
 */
@ApiTags('inbox')
@Controller('deliveries')
export class DeliveriesController {
  constructor(
    private readonly leads: LeadsStore,
    private readonly redelivery: Redelivery,
  ) {}

  @Get()
  @Operation('deliveries', [DeliveryRecord])
  list(@Query() { status }: DeliveriesQuery): Promise<DeliveryRecord[]> {
    return this.leads.deliveries({ status, limit: 200 });
  }

  @Post(':id/deliver-again')
  @Operation('deliverAgain', DeliveryRecord)
  async deliverAgain(
    @Param() { id }: DeliveryPath,
    @CurrentOperator() operator: Operator,
  ): Promise<DeliveryRecord> {
    const [retried] = await this.redelivery.retry(id, operator.username);
    if (!retried) {
      throw new InboxRefusal('This notification has not failed: nothing to deliver again.');
    }
    return retried;
  }
}
