import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Raw, type Repository } from 'typeorm';
import { DeliveryRecord, type DeliveryStatus } from './delivery-record.js';
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
    @InjectRepository(LeadRecord) private readonly submissions: Repository<LeadRecord>,
    @InjectRepository(DeliveryRecord) private readonly notifications: Repository<DeliveryRecord>,
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
  deliveries({ status, limit = 50 }: { status?: DeliveryStatus; limit?: number } = {}): Promise<
    DeliveryRecord[]
  > {
    return this.notifications.find({
      where: status ? { status } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }

  /** The notifications of these leads, oldest first. */
  async deliveriesOf(submissionIds: string[]): Promise<DeliveryRecord[]> {
    if (submissionIds.length === 0) return [];
    return this.notifications.find({
      where: { submissionId: In(submissionIds) },
      order: { createdAt: 'ASC', channel: 'ASC', purpose: 'ASC' },
    });
  }
}
