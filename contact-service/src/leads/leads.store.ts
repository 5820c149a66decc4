import { createHmac } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ACCESSIBILITY_PREFIX, type LeadKind } from '../notifications/lead.js';
import type { Channel, DeliveryStatus } from '../notifications/notification.entity.js';

/** A stored submission as operators read it: every field, and its kind. */
export interface StoredLead {
  id: string;
  createdAt: Date;
  kind: LeadKind;
  name: string;
  email: string;
  company: string;
  role: string;
  message: string | null;
  spamReason: string | null;
  /** In lists: each notification's channel and status, e.g. "email:sent webhook:pending". */
  delivery?: string | null;
}

export interface DeliveryState {
  id: string;
  submissionId: string;
  channel: Channel;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

export interface LeadFilter {
  since?: Date;
  kind?: LeadKind;
  /** true: only suspected spam; false (the default): only people's submissions. */
  spam?: boolean;
  limit?: number;
}

export interface AuditRecord {
  id: string;
  at: Date;
  command: string;
  rows: number;
  actor: string;
  subjectHash: string | null;
  details: Record<string, unknown>;
}

/** What an erasure or a purge removed. */
export interface Removed {
  submissions: number;
  notifications: number;
}

// Accessibility feedback is a message that begins with its subject line (notifications/lead.ts).
const KIND = `CASE WHEN starts_with(coalesce(s.message, ''), ${sqlText(ACCESSIBILITY_PREFIX)})
  THEN 'accessibility' ELSE 'contact' END`;

const LEAD_COLUMNS = `s.id, s.created_at AS "createdAt", ${KIND} AS kind, s.name, s.email, s.company,
  s.role, s.message, s.spam_reason AS "spamReason"`;

const DELIVERY_COLUMNS = `n.id, n.submission_id AS "submissionId", n.channel, n.status, n.attempts,
  n.last_error AS "lastError", n.created_at AS "createdAt", n.updated_at AS "updatedAt",
  n.sent_at AS "sentAt"`;

/**
 * Every read and every removal of leads that operators do, in one place: the `leads` command
 * (src/cli) and the daily retention purge both call it. Each removal runs in one transaction and
 * writes its audit record in that same transaction, so no change goes unrecorded.
 */
export class LeadsStore {
  constructor(private readonly dataSource: DataSource) {}

  async list(filter: LeadFilter = {}): Promise<StoredLead[]> {
    const { where, values } = leadConditions(filter);
    values.push(filter.limit ?? 50);
    return (await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS},
              (SELECT string_agg(n.channel || ':' || n.status, ' ' ORDER BY n.channel)
                 FROM notifications n WHERE n.submission_id = s.id) AS delivery
         FROM contact_submissions s ${where}
        ORDER BY s.created_at DESC, s.id LIMIT $${values.length}`,
      values,
    )) as StoredLead[];
  }

  /** Every lead that matches, oldest first, in pages: an export never holds them all at once. */
  async *each(filter: Omit<LeadFilter, 'limit'> = {}): AsyncGenerator<StoredLead> {
    const page = 500;
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const { where, values } = leadConditions(filter, after);
      values.push(page);
      const rows = (await this.dataSource.query(
        `SELECT ${LEAD_COLUMNS} FROM contact_submissions s ${where}
          ORDER BY s.created_at, s.id LIMIT $${values.length}`,
        values,
      )) as StoredLead[];
      yield* rows;
      if (rows.length < page) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  async find(id: string): Promise<(StoredLead & { notifications: DeliveryState[] }) | null> {
    if (!isUuid(id)) return null;
    const [lead] = (await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS} FROM contact_submissions s WHERE s.id = $1`,
      [id],
    )) as StoredLead[];
    if (!lead) return null;
    return { ...lead, notifications: await this.deliveriesOf([id]) };
  }

  /** Everything held about one address (matched without regard to case), oldest first. */
  async access(email: string): Promise<(StoredLead & { notifications: DeliveryState[] })[]> {
    const leads = (await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS} FROM contact_submissions s
        WHERE lower(s.email) = lower($1) ORDER BY s.created_at, s.id`,
      [email],
    )) as StoredLead[];
    const deliveries = await this.deliveriesOf(leads.map((lead) => lead.id));
    return leads.map((lead) => ({
      ...lead,
      notifications: deliveries.filter((delivery) => delivery.submissionId === lead.id),
    }));
  }

  /** What `erase` would remove, for its confirmation question. */
  async countByEmail(email: string): Promise<Removed> {
    return countSubmissions(this.dataSource.manager, BY_EMAIL, [email]);
  }

  async countOlderThan(days: number): Promise<Removed> {
    return countSubmissions(this.dataSource.manager, OLDER_THAN, [days]);
  }

  /**
   * Deletes every submission from the address and, through ON DELETE CASCADE, every notification
   * of them, queued or past (the queue's jobs carry only a notification's id). The audit record
   * names the address by its keyed hash only.
   */
  async erase(email: string, actor: string): Promise<Removed> {
    return this.dataSource.transaction(async (manager) => {
      const removed = await removeSubmissions(manager, BY_EMAIL, [email]);
      await this.audit(manager, {
        command: 'erase',
        rows: removed.submissions,
        actor,
        subjectHash: await this.hashOf(manager, email),
        details: { notifications: removed.notifications },
      });
      return removed;
    });
  }

  /** Deletes every submission older than `days` days, with its notifications. */
  async purge(days: number, actor: string, command = 'purge'): Promise<Removed> {
    return this.dataSource.transaction(async (manager) => {
      const removed = await removeSubmissions(manager, OLDER_THAN, [days]);
      await this.audit(manager, {
        command,
        rows: removed.submissions,
        actor,
        details: { olderThanDays: days, notifications: removed.notifications },
      });
      return removed;
    });
  }

  async deliveries({
    status,
    limit = 50,
  }: { status?: DeliveryStatus; limit?: number } = {}): Promise<DeliveryState[]> {
    return (await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM notifications n
        WHERE $1::varchar IS NULL OR n.status = $1
        ORDER BY n.created_at DESC, n.id LIMIT $2`,
      [status ?? null, limit],
    )) as DeliveryState[];
  }

  /**
   * Gives failed notifications back to the outbox: `id` is a notification's or a submission's id
   * (all its failed notifications); without one, every failed notification. The outbox relay
   * queues them again (src/notifications/outbox-relay.ts) with a fresh retry budget.
   */
  async retry(id: string | undefined, actor: string): Promise<DeliveryState[]> {
    if (id !== undefined && !isUuid(id)) return [];
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `WITH retried AS (
           UPDATE notifications n SET status = 'pending', enqueued_at = NULL, updated_at = now()
            WHERE n.status = 'failed' AND ($1::uuid IS NULL OR n.id = $1 OR n.submission_id = $1)
            RETURNING n.*)
         SELECT ${DELIVERY_COLUMNS} FROM retried n ORDER BY n.created_at, n.id`,
        [id ?? null],
      )) as DeliveryState[];
      await this.audit(manager, {
        command: 'retry',
        rows: rows.length,
        actor,
        details: id ? { id } : { all: true },
      });
      return rows;
    });
  }

  /** Reading personal data in bulk (an export, an access request) is recorded too. */
  async recordRead(
    command: 'export' | 'access',
    rows: number,
    actor: string,
    email?: string,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) =>
      this.audit(manager, {
        command,
        rows,
        actor,
        subjectHash: email === undefined ? null : await this.hashOf(manager, email),
      }),
    );
  }

  async auditTrail({ email, limit = 50 }: { email?: string; limit?: number } = {}): Promise<
    AuditRecord[]
  > {
    const hash = email === undefined ? null : await this.hashOf(this.dataSource.manager, email);
    return (await this.dataSource.query(
      `SELECT id::text, at, command, rows, actor, subject_hash AS "subjectHash", details
         FROM audit_log WHERE $1::char(64) IS NULL OR subject_hash = $1
        ORDER BY at DESC, id DESC LIMIT $2`,
      [hash, limit],
    )) as AuditRecord[];
  }

  private async deliveriesOf(submissionIds: string[]): Promise<DeliveryState[]> {
    if (submissionIds.length === 0) return [];
    return (await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM notifications n
        WHERE n.submission_id = ANY($1::uuid[]) ORDER BY n.created_at, n.channel`,
      [submissionIds],
    )) as DeliveryState[];
  }

  /** HMAC-SHA256 of the address in lower case, keyed by this installation's audit key. */
  private async hashOf(manager: EntityManager, email: string): Promise<string> {
    const [row] = (await manager.query(`SELECT key FROM audit_key WHERE id = 1`)) as {
      key: string;
    }[];
    if (!row) throw new Error('the audit key is missing: run the migrations');
    return createHmac('sha256', row.key).update(email.toLowerCase()).digest('hex');
  }

  private async audit(
    manager: EntityManager,
    record: Pick<AuditRecord, 'command' | 'rows' | 'actor'> &
      Partial<Pick<AuditRecord, 'subjectHash' | 'details'>>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO audit_log (command, rows, actor, subject_hash, details)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        record.command,
        record.rows,
        record.actor.slice(0, 200),
        record.subjectHash ?? null,
        JSON.stringify(record.details ?? {}),
      ],
    );
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
    conditions.push(`${KIND} = $${values.length}`);
  }
  if (after) {
    values.push(after.createdAt, after.id);
    conditions.push(`(s.created_at, s.id) > ($${values.length - 1}, $${values.length}::uuid)`);
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, values };
}

/** The submissions an erasure ($1: the address, in any case) and a purge ($1: days) remove. */
const BY_EMAIL = 'lower(s.email) = lower($1)';
const OLDER_THAN = 's.created_at < now() - make_interval(days => $1)';

async function countSubmissions(
  manager: EntityManager,
  condition: string,
  values: unknown[],
): Promise<Removed> {
  const [row] = (await manager.query(
    `SELECT count(DISTINCT s.id)::int AS submissions, count(n.id)::int AS notifications
       FROM contact_submissions s LEFT JOIN notifications n ON n.submission_id = s.id
      WHERE ${condition}`,
    values,
  )) as Removed[];
  return row!;
}

/** Deletes the submissions; their notifications go with them (ON DELETE CASCADE), counted first. */
async function removeSubmissions(
  manager: EntityManager,
  condition: string,
  values: unknown[],
): Promise<Removed> {
  const [row] = (await manager.query(
    `WITH doomed AS (SELECT s.id FROM contact_submissions s WHERE ${condition} FOR UPDATE),
          their_notifications AS (
            SELECT count(*)::int AS n FROM notifications WHERE submission_id IN (SELECT id FROM doomed)),
          gone AS (
            DELETE FROM contact_submissions WHERE id IN (SELECT id FROM doomed) RETURNING 1)
     SELECT (SELECT count(*) FROM gone)::int AS submissions,
            (SELECT n FROM their_notifications) AS notifications`,
    values,
  )) as Removed[];
  return row!;
}

/** A constant as an SQL string literal. */
function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
