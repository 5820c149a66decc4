import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DELIVERY_COLUMNS, type DeliveryRecord, type DeliveryStatus } from './delivery-record.js';
import { isUuid, LEAD_COLUMNS, type LeadRecord } from './lead.js';
import type { LeadKind } from './lead-kind.js';

/** A lead in a list: with each notification's channel and status ("email:sent webhook:pending"). */
export type ListedLead = LeadRecord & { delivery: string | null };

/** A lead with every notification of it, oldest first. */
export type LeadWithDeliveries = LeadRecord & { notifications: DeliveryRecord[] };

export interface LeadFilter {
  since?: Date;
  kind?: LeadKind;
  /** true: only suspected spam; false (the default): only people's submissions. */
  spam?: boolean;
  limit?: number;
}

/**
 * Every read of leads and their notifications that operators do. Reading personal data in bulk
 * is recorded in the audit trail by the caller (audit/audit-trail.ts).
 */
@Injectable()
export class LeadsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The newest leads first. */
  async list(filter: LeadFilter = {}): Promise<ListedLead[]> {
    const { where, values } = leadConditions(filter);
    values.push(filter.limit ?? 50);
    return (await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS},
              (SELECT string_agg(n.channel || ':' || n.status, ' ' ORDER BY n.channel)
                 FROM notifications n WHERE n.submission_id = s.id AND n.purpose = 'lead') AS delivery
         FROM contact_submissions s ${where}
        ORDER BY s.created_at DESC, s.id LIMIT $${values.length}`,
      values,
    )) as ListedLead[];
  }

  /** Every lead that matches, oldest first, in pages: an export never holds them all at once. */
  async *each(filter: Omit<LeadFilter, 'limit'> = {}): AsyncGenerator<LeadRecord> {
    const page = 500;
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const { where, values } = leadConditions(filter, after);
      values.push(page);
      const rows = (await this.dataSource.query(
        `SELECT ${LEAD_COLUMNS} FROM contact_submissions s ${where}
          ORDER BY s.created_at, s.id LIMIT $${values.length}`,
        values,
      )) as LeadRecord[];
      yield* rows;
      if (rows.length < page) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  async find(id: string): Promise<LeadWithDeliveries | null> {
    if (!isUuid(id)) return null;
    const [lead] = (await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS} FROM contact_submissions s WHERE s.id = $1`,
      [id],
    )) as LeadRecord[];
    if (!lead) return null;
    return { ...lead, notifications: await this.deliveriesOf([id]) };
  }

  /** Everything held about one address (matched without regard to case), oldest first. */
  async access(email: string): Promise<LeadWithDeliveries[]> {
    const leads = (await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS} FROM contact_submissions s
        WHERE lower(s.email) = lower($1) ORDER BY s.created_at, s.id`,
      [email],
    )) as LeadRecord[];
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

function leadConditions(
  { since, kind, spam = false }: LeadFilter,
  after?: { createdAt: Date; id: string },
): { where: string; values: unknown[] } {
  const conditions = [spam ? 's.spam_reason IS NOT NULL' : 's.spam_reason IS NULL'];
  const values: unknown[] = [];
  if (since) {
    values.push(since);
    conditions.push(`s.created_at >= $${values.length}`);
  }
  if (kind) {
    values.push(kind);
    conditions.push(`s.kind = $${values.length}`);
  }
  if (after) {
    values.push(after.createdAt, after.id);
    conditions.push(`(s.created_at, s.id) > ($${values.length - 1}, $${values.length}::uuid)`);
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, values };
}
