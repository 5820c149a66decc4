import type { LeadKind } from './lead-kind.js';
import { OPEN_WHILE, PROMISED_STEPS, type DueCutoffs, type PromisedStep } from './lead-promises.js';
import type { LeadStatus } from './lead-status.js';
import { operatorIdSql } from './operators-table.js';

// The WHERE of the inbox's reads of leads (inbox/: its pages, counts and exports through
// lead-pages.ts), in SQL on contact_submissions and lead_reads, leads/'s tables.

/** Which leads a read covers (inbox/inbox-filter.ts's InboxFilter is one). */
export interface LeadFilter {
  kind?: LeadKind;
  status?: LeadStatus;
  spam?: boolean;
  q?: string;
  unread?: boolean;
  due?: 'overdue' | 'soon' | 'today';
  owner?: 'mine' | 'unowned';
  /** Received at or after this moment. */
  since?: Date;
  /** Who "mine" and "unread" are about: the username of the operator who asks. */
  me?: string;
}

/** A place in the inbox's order: the received time in µs and the id of the last row shown. */
export interface LeadCursor {
  micros: string;
  id: string;
}

/** Day bounds of a filter's from/to, as instants (the support time zone's midnights). */
export type DayBounds = { from?: Date; until?: Date };

const KIND = 's.kind';

/** The id of the operator who asks, by the username in parameter `param`. */
export const ME = operatorIdSql;

/** The steps a due filter looks at: those of the filter's kind, or all. */
export const dueSteps = (filter: LeadFilter) =>
  PROMISED_STEPS.filter((step) => !filter.kind || OPEN_WHILE[step].kind === filter.kind);

/**
 * Who opened the leads of one side of an unread page first (migration 1796200000000): nobody, or
 * the operator whose id is the given SQL expression (lead-pages.ts's page).
 */
export type Opener = 'nobody' | { by: string };

/**
 * The WHERE of a filter; `before`/`after` continue a page in the newest- or oldest-first order;
 * `opener` keeps the leads of one opener, in the order of IDX_leads_unopened or, for an
 * operator, of IDX_leads_opened_by: (opened_by, created_at, id).
 */
export function conditions(
  filter: LeadFilter,
  bounds: DayBounds,
  due: DueCutoffs,
  cursor?: LeadCursor,
  direction: 'before' | 'after' = 'before',
  values: unknown[] = [],
  steps: readonly PromisedStep[] = dueSteps(filter),
  opener?: Opener,
): { where: string; values: unknown[] } {
  const value = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = [filter.spam ? 's.spam_reason IS NOT NULL' : 's.spam_reason IS NULL'];
  if (filter.kind) where.push(`${KIND} = ${value(filter.kind)}`);
  if (filter.status) where.push(`s.status = ${value(filter.status)}`);
  if (filter.since) where.push(`s.created_at >= ${value(filter.since)}`);
  if (bounds.from) where.push(`s.created_at >= ${value(bounds.from)}`);
  if (bounds.until) where.push(`s.created_at < ${value(bounds.until)}`);
  if (filter.unread) {
    where.push(`NOT EXISTS (SELECT 1 FROM lead_reads r
                             WHERE r.submission_id = s.id AND r.user_id = ${ME(value(filter.me ?? ''))})`);
  }
  if (filter.q) {
    where.push(`s.search_document @@ lead_search_query(${value(filter.q)})`);
  }
  if (filter.owner === 'unowned') where.push('s.owner_id IS NULL');
  if (filter.owner === 'mine') where.push(`s.owner_id = ${ME(value(filter.me ?? ''))}`);
  if (filter.due) {
    const open = steps.map((step) => {
      const cut = due[step];
      const { kind, status } = OPEN_WHILE[step];
      const upTo = value(
        filter.due === 'overdue' ? cut.overdue : filter.due === 'soon' ? cut.soon : cut.dueToday,
      );
      const from = filter.due === 'overdue' ? null : value(cut.overdue);
      const range = (column: string) =>
        from ? `${column} >= ${from} AND ${column} < ${upTo}` : `${column} < ${upTo}`;
      // A promise counts from the receipt, or from when a cancelled booking re-opened it
      // (callback_from, never before the receipt: so created_at < upTo bounds both).
      const received =
        step === 'callback'
          ? `s.created_at < ${upTo} AND (s.callback_from IS NULL AND ${range('s.created_at')} OR ${range('s.callback_from')})`
          : range('s.created_at');
      return `(${KIND} = '${kind}' AND s.status = '${status}' AND ${received})`;
    });
    where.push(`(${open.join(' OR ')})`);
  }
  // An operator's leads as a range of IDX_leads_opened_by, in its order: with an equality, any
  // (created_at, id) index gives the order too, and which one Postgres walks rests on its guess
  // of how many leads the operator opened; for one who opened none, the wrong one reads them all
  // (bench/inbox-bench.ts, at 20,000 leads).
  if (opener === 'nobody') where.push('s.opened_by IS NULL');
  else if (opener) where.push(`s.opened_by >= ${opener.by} AND s.opened_by <= ${opener.by}`);
  if (cursor) {
    const [columns, place] =
      typeof opener === 'object' ? ['s.opened_by, ', `${opener.by}, `] : ['', ''];
    where.push(
      `(${columns}s.created_at, s.id) ${direction === 'before' ? '<' : '>'} (${place}timestamptz 'epoch' + ${value(cursor.micros)}::bigint * interval '1 microsecond', ${value(cursor.id)}::uuid)`,
    );
  }
  return { where: `WHERE ${where.join(' AND ')}`, values };
}
