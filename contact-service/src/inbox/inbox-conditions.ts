import { kindSql } from '../leads/lead-kind.js';
import {
  OPEN_WHILE,
  PROMISED_STEPS,
  type DueCutoffs,
  type PromisedStep,
} from '../leads/lead-promises.js';
import type { InboxCursor, InboxFilter } from './inbox-filter.js';

/** Day bounds of a filter's from/to, as instants (the support time zone's midnights). */
export type DayBounds = { from?: Date; until?: Date };

const KIND = kindSql('s.message');

/** The id of the operator who asks, by the username in parameter `param`. */
export const ME = (param: string) => `(SELECT u.id FROM users u WHERE u.username = ${param})`;

/** The steps a due filter looks at: those of the filter's kind, or all. */
export const dueSteps = (filter: InboxFilter) =>
  PROMISED_STEPS.filter((step) => !filter.kind || OPEN_WHILE[step].kind === filter.kind);

/** The WHERE of a filter; `before`/`after` continue a page in the newest- or oldest-first order. */
export function conditions(
  filter: InboxFilter,
  bounds: DayBounds,
  due: DueCutoffs,
  cursor?: InboxCursor,
  direction: 'before' | 'after' = 'before',
  values: unknown[] = [],
  steps: readonly PromisedStep[] = dueSteps(filter),
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
      const received =
        filter.due === 'overdue'
          ? `s.created_at < ${value(cut.overdue)}`
          : `s.created_at >= ${value(cut.overdue)} AND s.created_at < ${value(filter.due === 'soon' ? cut.soon : cut.dueToday)}`;
      return `(${KIND} = '${kind}' AND s.status = '${status}' AND ${received})`;
    });
    where.push(`(${open.join(' OR ')})`);
  }
  if (cursor) {
    where.push(
      `(s.created_at, s.id) ${direction === 'before' ? '<' : '>'} (timestamptz 'epoch' + ${value(cursor.micros)}::bigint * interval '1 microsecond', ${value(cursor.id)}::uuid)`,
    );
  }
  return { where: `WHERE ${where.join(' AND ')}`, values };
}
