import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import type { DeliveryRecord } from '../leads/delivery-record.js';
import { isUuid } from '../leads/lead.js';
import { returnFailed } from '../leads/outbox.js';

/**
 * An operator gives failed notifications back to the outbox: the relay queues them again
 * (outbox-relay.ts) with a fresh retry budget. The change and its audit record are one
 * transaction.
 */
@Injectable()
export class Redelivery {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

  /** `id`: a notification's or a lead's (all its failed ones); none: every failed notification. */
  async retry(id: string | undefined, actor: string): Promise<DeliveryRecord[]> {
    if (id !== undefined && !isUuid(id)) return [];
    return this.dataSource.transaction(async (manager) => {
      const rows = await returnFailed(manager, id ?? null);
      await this.audit.record(
        { command: 'retry', rows: rows.length, actor, details: id ? { id } : { all: true } },
        manager,
      );
      return rows;
    });
  }
}
