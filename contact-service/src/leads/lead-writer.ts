import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { isRowError, StatementBatcher } from '../database/statement-batcher.js';
import { sourceOf, type Attribution } from './attribution.js';
import { rows } from '../database/rows.js';
import { ATTRIBUTION_COLUMNS, LEAD_COLUMNS, type LeadRecord } from './lead.js';
import { kindOf, type LeadKind } from './lead-kind.js';
import { noRecentReceipt } from './announcements.js';

/**
 * What a visitor sent, on its way into the database: the stored row's fields (lead.ts), less what
 * the database gives it, and the client's Idempotency-Key (a retry with the same key stores
 * nothing).
 */
export type NewLead = Omit<
  LeadRecord,
  'id' | 'createdAt' | 'kind' | (typeof ATTRIBUTION_COLUMNS)[number]
> & {
  idempotencyKey: string | null;
  /** What brought it, cleaned (attribution.ts); null where nothing was asked (a booking). */
  attribution: Attribution | null;
};

export type WriteResult =
  | { stored: true; id: string; createdAt: Date }
  /** The key was stored before: the lead that holds it (none when it was erased meanwhile). */
  | { stored: false; earlier: LeadRecord | undefined };

type Pending = NewLead & { id: string; kind: LeadKind };

/**
 * The one place a lead is written, its kind with it (lead-kind.ts, by the subject line the form
 * sent): the lead and its notifications (the outbox rows, one per
 * planned channel; none for suspected spam) in one statement, so one transaction and one round
 * trip, and the caller hears of it only after the commit. Leads that arrive together share a
 * statement (statement-batcher.ts), and none waits for it longer than `maxWaitMs`.
 */
export class LeadWriter {
  private readonly inserts: StatementBatcher<Pending, Date | null>;

  /**
   * `channels`: the channels every new lead is announced on (notifications/channels.ts). A
   * receipt ('acknowledgement') goes to one lead of an address in a statement, and not when one
   * went to that address in the last 24 hours.
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly channels: readonly string[],
    maxWaitMs: number,
  ) {
    this.inserts = new StatementBatcher((leads) => this.insert(leads), {
      retryAlone: isRowError,
      maxWaitMs,
    });
  }

  async write(lead: NewLead): Promise<WriteResult> {
    const pending = { ...lead, id: randomUUID(), kind: kindOf(lead.message) };
    const createdAt = await this.inserts.add(pending);
    if (createdAt) return { stored: true, id: pending.id, createdAt };
    // A new statement, so it also sees a row that a concurrent request with the key committed.
    const [earlier] = lead.idempotencyKey
      ? await rows<LeadRecord>(
          this.dataSource,
          `SELECT ${LEAD_COLUMNS} FROM contact_submissions s WHERE s.idempotency_key = $1`,
          [lead.idempotencyKey],
        )
      : [];
    return { stored: false, earlier };
  }

  private insert(leads: Pending[]): Promise<(Date | null)[]> {
    return insertLeads(this.dataSource.manager, leads, this.channels);
  }
}

/**
 * A lead a caller writes in its own transaction, with the kind it knows (a booking with no form:
 * bookings/), announced on `channels`. Answers its id.
 */
export async function writeLeadIn(
  manager: EntityManager,
  lead: Omit<NewLead, 'idempotencyKey' | 'spamReason' | 'attribution'> & { kind: LeadKind },
  channels: readonly string[],
): Promise<string> {
  const id = randomUUID();
  const written = { ...lead, id, idempotencyKey: null, spamReason: null, attribution: null };
  await insertLeads(manager, [written], channels);
  return id;
}

/**
 * The insert, one statement for any number of leads: answers each lead's created_at, or null
 * where its key was stored already (first wins).
 */
async function insertLeads(
  manager: EntityManager,
  leads: Pending[],
  channels: readonly string[],
): Promise<(Date | null)[]> {
  const column = <T>(pick: (lead: Pending) => T) => leads.map(pick);
  const fixed = [
    column((lead) => lead.id),
    column((lead) => lead.name),
    column((lead) => lead.email),
    column((lead) => lead.company),
    column((lead) => lead.role),
    column((lead) => lead.message),
    column((lead) => lead.spamReason),
    column((lead) => lead.idempotencyKey),
    channels,
    column((lead) => lead.kind),
  ];
  // Each attribution column after them, from its own placeholder on: null for a lead with none.
  const values = leads.map(attributionValues);
  const attribution = ATTRIBUTION_COLUMNS.map((_, i) => values.map((row) => row[i] ?? null));
  const first = fixed.length + 1;
  const written = await rows<{ id: string; created_at: Date }>(
    manager,
    `WITH lead AS (
       INSERT INTO contact_submissions
              (id, name, email, company, role, message, spam_reason, idempotency_key, kind,
               ${ATTRIBUTION_COLUMNS.join(', ')})
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[],
                            $5::varchar[], $6::text[], $7::text[], $8::varchar[], $10::varchar[],
                            ${ATTRIBUTION_COLUMNS.map((_, i) => `$${first + i}::varchar[]`).join(', ')})
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id, created_at, email, spam_reason IS NOT NULL AS spam
     ), outbox AS (
       INSERT INTO notifications (submission_id, channel)
       SELECT lead.id, planned.channel FROM lead, unnest($9::varchar[]) AS planned(channel)
        WHERE NOT lead.spam AND (planned.channel <> 'acknowledgement' OR (
          NOT EXISTS (
            SELECT 1 FROM lead other
             WHERE NOT other.spam AND lower(other.email) = lower(lead.email) AND other.id < lead.id)
          AND ${noRecentReceipt('lead.email')})))
     SELECT id, created_at FROM lead`,
    [...fixed, ...attribution],
  );
  const createdAt = new Map(written.map((row) => [row.id, row.created_at]));
  return leads.map((lead) => createdAt.get(lead.id) ?? null);
}

/** A lead's values of ATTRIBUTION_COLUMNS, in order: its keys, then the source it counts under. */
function attributionValues(lead: Pending): (string | null)[] {
  if (!lead.attribution) return ATTRIBUTION_COLUMNS.map(() => null);
  const counted = sourceOf(lead.attribution);
  return ATTRIBUTION_COLUMNS.map((name) =>
    name === 'source' || name === 'medium' || name === 'campaign'
      ? counted[name]
      : (lead.attribution?.[name] ?? null),
  );
}
