import { ApiProperty } from '@nestjs/swagger';
import type { DataSource, EntityManager } from 'typeorm';
import { rows } from '../database/rows.js';
import { LEAD_COLUMNS, LeadRecord } from './lead.js';
import {
  conditions,
  dueSteps,
  ME,
  type DayBounds,
  type LeadCursor,
  type LeadFilter,
  type Opener,
} from './lead-conditions.js';
import { Meeting, meetingSql } from './lead-meeting.js';
import type { DueCutoffs } from './lead-promises.js';
import { STATUSES, type LeadStatus } from './lead-status.js';
import { otherOperatorIds, ownerNameSql } from './operators-table.js';
import {
  FREE_MAIL_DOMAINS,
  LeadHeading,
  RELATED_COUNT_MAX,
  relatedCountSql,
} from './related-leads.js';

// The inbox's reads of leads (inbox/inbox.store.ts calls them), in SQL on leads/'s tables. Every
// read has an index of its shape (migrations 1795600000000, 1795800000000, 1796200000000), newest
// first by (created_at, id): pages are keyset pages, never OFFSET.

/** A lead in the inbox's list: what a list needs, and no address or message. */
export class InboxRow extends LeadHeading {
  @ApiProperty() role!: string;
  /** Not opened yet by the operator who asks. */
  @ApiProperty({ description: 'Not opened yet by the operator who asks.' }) unread!: boolean;
  @ApiProperty() spam!: boolean;
  /** Some notification of it ran out of attempts. */
  @ApiProperty() deliveryFailed!: boolean;
  /** The username of the operator on it, or null: the team's. */
  @ApiProperty({ type: String, nullable: true }) owner!: string | null;
  /** Earlier leads from the same address or company domain (up to RELATED_COUNT_MAX + 1). */
  @ApiProperty({ type: 'integer', maximum: RELATED_COUNT_MAX + 1 }) related!: number;
  /** When a cancelled booking re-opened its callback promise (null: it counts from receipt). */
  @ApiProperty({ type: Date, nullable: true }) callbackFrom!: Date | null;
  /** The call it booked through the scheduler, if any. */
  @ApiProperty({ type: Meeting, nullable: true }) meeting!: Meeting | null;
  /** The received time in µs, exact, for the next page's cursor. */
  @ApiProperty() micros!: string;
}

/**
 * A lead as the lead screen shows it: every field, its status, whether it was read, who owns it
 * and when it was first answered.
 */
export class InboxLead extends LeadRecord {
  @ApiProperty({ enum: STATUSES, enumName: 'LeadStatus' }) status!: LeadStatus;
  @ApiProperty({ type: Date, nullable: true }) readAt!: Date | null;
  @ApiProperty({ type: String, nullable: true }) owner!: string | null;
  @ApiProperty({ type: Date, nullable: true }) respondedAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true }) callbackFrom!: Date | null;
  @ApiProperty({ type: Meeting, nullable: true }) meeting!: Meeting | null;
}

const KIND = 's.kind';

/** The leads an export (eachLead) reads in one statement. */
export const EACH_BATCH = 500;

/** The columns of an InboxLead under the alias `s`. */
const LEAD_FIELDS = `${LEAD_COLUMNS}, s.status, s.read_at AS "readAt",
  ${ownerNameSql('s')} AS owner,
  s.responded_at AS "respondedAt", s.callback_from AS "callbackFrom",
  ${meetingSql('s.id')} AS meeting`;

/**
 * A page, newest first (or oldest first), after the cursor; one more row than `limit` says
 * there are more.
 */
export async function leadPage(
  db: DataSource,
  filter: LeadFilter & { order?: 'oldest' },
  bounds: DayBounds,
  due: DueCutoffs,
  after: LeadCursor | undefined,
  limit: number,
): Promise<InboxRow[]> {
  const oldest = filter.order === 'oldest';
  const direction = oldest ? 'ASC' : 'DESC';
  const values: unknown[] = [limit, filter.me ?? ''];
  const me = ME('$2');
  // A due filter is a page per step, merged: each step's leads are one backward walk of its
  // kind's index that stops at the page's end; as one condition with an OR, Postgres read and
  // sorted every overdue lead of every step for each page (95 ms at a million leads).
  const steps = filter.due ? dueSteps(filter).map((step) => [step]) : [undefined];
  // Unread ones likewise, by who opened the lead first (migration 1796200000000): nobody (each
  // of them unread, IDX_leads_unopened and its kinds'), or each other operator in turn
  // (IDX_leads_opened_by); the asker's own are read. As one NOT EXISTS, the walk of the
  // newest-first index asked lead_reads about every lead until 51 were unread: 21,000 leads
  // for a page deep in a million of an operator who reads them all (113 ms). Each operator is
  // a value, not a join with users: Postgres then knows from the statistics how many leads
  // each opened, where for a join it guessed, high enough to compile the statement (JIT,
  // 120 ms). A search finds its few leads first, and nobody reads spam: those keep the one
  // NOT EXISTS.
  const sides: (Opener | undefined)[] =
    filter.unread && !filter.q && !filter.spam
      ? [
          'nobody',
          ...(await otherOperatorIds(db, filter.me)).map((id) => ({
            by: `$${values.push(id)}::uuid`,
          })),
        ]
      : [undefined];
  const parts = steps.flatMap((only) =>
    sides.map((opener) => {
      const { where } = conditions(
        filter,
        bounds,
        due,
        after,
        oldest ? 'after' : 'before',
        values,
        only,
        opener,
      );
      const order = `${typeof opener === 'object' ? `s.opened_by ${direction}, ` : ''}s.created_at ${direction}, s.id ${direction}`;
      return `(SELECT s.id, s.created_at AS "receivedAt", ${KIND} AS kind, s.status, s.name,
                      s.company, s.role, s.spam_reason IS NOT NULL AS spam,
                      (extract(epoch FROM s.created_at) * 1000000)::bigint::text AS micros
                 FROM contact_submissions s ${where}
                ORDER BY ${order} LIMIT $1)`;
    }),
  );
  values.push(FREE_MAIL_DOMAINS);
  const free = `$${values.length}`;
  // What each row shows beyond its columns is looked up for the page's rows only: asked beside
  // the page's columns, Postgres planned the lookup for every row the scan might yield and read
  // all failed notifications into a hash for each page (30-160 ms at a million leads,
  // bench/inbox-bench.ts).
  return rows<InboxRow>(
    db,
    `SELECT page.*,
            EXISTS (SELECT 1 FROM notifications n
                     WHERE n.submission_id = page.id AND n.status = 'failed') AS "deliveryFailed",
            ${ownerNameSql('s')} AS owner,
            NOT EXISTS (SELECT 1 FROM lead_reads r
                         WHERE r.submission_id = page.id AND r.user_id = ${me}) AS unread,
            ${relatedCountSql('s', free)} AS related,
            s.callback_from AS "callbackFrom", ${meetingSql('page.id')} AS meeting
       FROM (SELECT * FROM (${parts.join(' UNION ALL ')}) AS steps
              ORDER BY "receivedAt" ${direction}, id ${direction} LIMIT $1) AS page
       JOIN contact_submissions s ON s.id = page.id
      ORDER BY page."receivedAt" ${direction}, page.id ${direction}`,
    values,
  );
}

/**
 * How many leads the filter holds in each status, counted in the table (the inbox's settled
 * totals are lead-counts.ts's settledCounts).
 */
export async function countByStatus(
  db: DataSource,
  filter: LeadFilter,
  bounds: DayBounds,
  due: DueCutoffs,
): Promise<Partial<Record<LeadStatus, number>>> {
  const { where, values } = conditions({ ...filter, status: undefined }, bounds, due);
  const counted = await rows<{ status: LeadStatus; n: number }>(
    db,
    `SELECT s.status, count(*)::int AS n FROM contact_submissions s ${where} GROUP BY s.status`,
    values,
  );
  const counts: Partial<Record<LeadStatus, number>> = {};
  for (const { status, n } of counted) counts[status] = n;
  return counts;
}

/** Every lead that matches, oldest first, EACH_BATCH at a time: an export never holds them all. */
export async function* eachLead(
  db: DataSource,
  filter: LeadFilter,
  bounds: DayBounds,
  due: DueCutoffs,
) {
  let after: LeadCursor | undefined;
  for (;;) {
    const { where, values } = conditions(filter, bounds, due, after, 'after');
    values.push(EACH_BATCH);
    const batch = await rows<InboxLead & { micros: string }>(
      db,
      `SELECT ${LEAD_FIELDS},
              (extract(epoch FROM s.created_at) * 1000000)::bigint::text AS micros
         FROM contact_submissions s ${where}
        ORDER BY s.created_at, s.id LIMIT $${values.length}`,
      values,
    );
    for (const { micros: _micros, ...lead } of batch) yield lead;
    if (batch.length < EACH_BATCH) return;
    const last = batch[batch.length - 1]!;
    after = { micros: last.micros, id: last.id };
  }
}

/** One lead, locked for a change when `manager` is a transaction's. */
export async function leadById(
  db: DataSource,
  id: string,
  manager?: EntityManager,
): Promise<InboxLead | null> {
  const [lead] = await rows<InboxLead>(
    manager ?? db.manager,
    `SELECT ${LEAD_FIELDS}
       FROM contact_submissions s WHERE s.id = $1 ${manager ? 'FOR UPDATE OF s' : ''}`,
    [id],
  );
  return lead ?? null;
}
