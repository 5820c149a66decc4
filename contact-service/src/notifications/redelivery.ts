import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { DELIVERY_COLUMNS, type DeliveryRecord } from '../leads/delivery-record.js';
import { isUuid } from '../leads/lead.js';

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
      const rows = (await manager.query(
        `WITH retried AS (
           UPDATE notifications n SET status = 'pending', enqueued_at = NULL, updated_at = now()
            WHERE n.status = 'failed' AND ($1::uuid IS NULL OR n.id = $1 OR n.submission_id = $1)
            RETURNING n.*)
         SELECT ${DELIVERY_COLUMNS} FROM retried n ORDER BY n.created_at, n.id`,
        [id ?? null],
      )) as DeliveryRecord[];
      await this.audit.record(
        { command: 'retry', rows: rows.length, actor, details: id ? { id } : { all: true } },
        manager,
      );
      return rows;
    });
  }
}
