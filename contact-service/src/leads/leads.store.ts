import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Raw, type DataSource, type Repository } from 'typeorm';
import { DELIVERY_COLUMNS, type DeliveryRecord, type DeliveryStatus } from './delivery-record.js';
import { LeadRecord } from './lead.js';

/** A lead with every notification of it, oldest first. */
export type LeadWithDeliveries = LeadRecord & { notifications: DeliveryRecord[] };

/**
 * Every read of leads and their notifications that operators do. Reading personal data in bulk
 * is recorded in the audit trail by the caller (audit/audit-trail.ts).
 */
@Injectable()
export class LeadsStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(LeadRecord) private readonly submissions: Repository<LeadRecord>,
  ) {}

  /** Everything held about one address (matched without regard to case), oldest first. */
  async access(email: string): Promise<LeadWithDeliveries[]> {
    const leads = await this.submissions.find({
      where: { email: Raw((column) => `lower(${column}) = lower(:email)`, { email }) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const deliveries = await this.deliveriesOf(leads.map((lead) => lead.id));
    return leads.map((lead) => ({
      ...lead,
      notifications: deliveries.filter((delivery) => delivery.submissionId === lead.id),
    }));
  }

  /** The newest notifications first, of every lead. */
  async deliveries({
    status,
    limit = 50,
  }: { status?: DeliveryStatus; limit?: number } = {}): Promise<DeliveryRecord[]> {
    return (await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM notifications n
        WHERE $1::varchar IS NULL OR n.status = $1
        ORDER BY n.created_at DESC, n.id LIMIT $2`,
      [status ?? null, limit],
    )) as DeliveryRecord[];
  }

  /** The notifications of these leads, oldest first. */
  async deliveriesOf(submissionIds: string[]): Promise<DeliveryRecord[]> {
    if (submissionIds.length === 0) return [];
    return (await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM notifications n
        WHERE n.submission_id = ANY($1::uuid[]) ORDER BY n.created_at, n.channel, n.purpose`,
      [submissionIds],
    )) as DeliveryRecord[];
  }
}
