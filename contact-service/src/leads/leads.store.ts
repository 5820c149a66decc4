import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rows } from '../database/rows.js';
import { DELIVERY_COLUMNS, type DeliveryRecord, type DeliveryStatus } from './delivery-record.js';
import { LEAD_COLUMNS, type LeadRecord } from './lead.js';

/** A lead with every notification of it, oldest first. */
export type LeadWithDeliveries = LeadRecord & { notifications: DeliveryRecord[] };

/**
 * Every read of leads and their notifications that operators do, in SQL (both tables are
 * leads/'s, read in SQL). Reading personal data in bulk is recorded in the audit trail by the
 * caller (audit/audit-trail.ts).
 */
@Injectable()
export class LeadsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Everything held about one address (matched without regard to case), oldest first. */
  async access(email: string): Promise<LeadWithDeliveries[]> {
    const leads = await rows<LeadRecord>(
      this.dataSource,
      `SELECT ${LEAD_COLUMNS} FROM contact_submissions s
        WHERE lower(s.email) = lower($1) ORDER BY s.created_at, s.id`,
      [email],
    );
    const deliveries = await this.deliveriesOf(leads.map((lead) => lead.id));
    return leads.map((lead) => ({
      ...lead,
      notifications: deliveries.filter((delivery) => delivery.submissionId === lead.id),
    }));
  }

  /** The newest notifications first, of every lead. */
  deliveries({ status, limit = 50 }: { status?: DeliveryStatus; limit?: number } = {}): Promise<
    DeliveryRecord[]
  > {
    // One statement per case, so a status reads its index (status, created_at).
    return rows<DeliveryRecord>(
      this.dataSource,
      `SELECT ${DELIVERY_COLUMNS} FROM notifications n ${status ? 'WHERE n.status = $2' : ''}
        ORDER BY n.created_at DESC, n.id LIMIT $1`,
      status ? [limit, status] : [limit],
    );
  }

  /** The notifications of these leads, oldest first. */
  async deliveriesOf(submissionIds: string[]): Promise<DeliveryRecord[]> {
    if (submissionIds.length === 0) return [];
    return rows<DeliveryRecord>(
      this.dataSource,
      `SELECT ${DELIVERY_COLUMNS} FROM notifications n WHERE n.submission_id = ANY($1::uuid[])
        ORDER BY n.created_at, n.channel, n.purpose`,
      [submissionIds],
    );
  }
}
