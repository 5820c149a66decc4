import { Refusal } from '../http/refusal.js';
import type { LeadKind } from '../leads/lead-kind.js';
import { isStatus, type LeadStatus } from '../leads/lead-status.js';
import { dayEnd, dayStart } from '../leads/support-hours.js';

/** Which leads an inbox view, a count or an export covers. */
export interface InboxFilter {
  kind?: LeadKind;
  status?: LeadStatus;
  /** true: only suspected spam; false (the default): only people's submissions. */
  spam?: boolean;
  /** Received at or after this moment (the CLI's --since). */
  since?: Date;
  /** Received on or after this day (YYYY-MM-DD in the support time zone). */
  from?: string;
  /** Received on or before this day. */
  to?: string;
  /** Words to find in name, company, role, email and message: each as a prefix, accents ignored. */
  q?: string;
  unread?: boolean;
  /**
   * Leads with a promise open (lead-promises.ts): past its due time, past its reminder but not
   * yet due, or due by the end of today.
   */
  due?: 'overdue' | 'soon' | 'today';
  /** Leads of the operator who asks, or of nobody. */
  owner?: 'mine' | 'unowned';
  /** Who "mine" is: the username of the operator who asks (never from the URL). */
  me?: string;
  /** The order of a page: newest first unless `oldest`. Counts and exports ignore it. */
  order?: 'oldest';
}

/** A place in the inbox's order: the received time in µs and the id of the last row shown. */
export interface InboxCursor {
  micros: string;
  id: string;
}

export const SEARCH_MAX = 200;
export const PAGE_SIZE = 50;

/** A filter that cannot be read: its message names the parameter and says what it takes. */
export class FilterError extends Refusal {}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^(\d{1,19})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const isDay = (value: string) =>
  DAY.test(value) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

/**
 * The filter of an inbox address's query (?kind=accessibility&status=new&q=…), as the console's
 * screens write it in the URL. Unknown parameters are refused rather than ignored, so a link that
 * looks filtered always is.
 */
export function filterOf(query: Record<string, unknown>, extra: readonly string[] = []) {
  const filter: InboxFilter = {};
  for (const [name, raw] of Object.entries(query)) {
    if (extra.includes(name)) continue;
    if (typeof raw !== 'string') throw new FilterError(`Give ${name} once, as text.`);
    const value = raw.trim();
    if (value === '') continue;
    switch (name) {
      case 'kind':
        if (value !== 'contact' && value !== 'accessibility')
          throw new FilterError('kind is contact or accessibility.');
        filter.kind = value;
        break;
      case 'status':
        if (!isStatus(value)) throw new FilterError(`There is no status ${JSON.stringify(value)}.`);
        filter.status = value;
        break;
      case 'spam':
      case 'unread':
        if (value !== 'true' && value !== 'false')
          throw new FilterError(`${name} is true or false.`);
        filter[name] = value === 'true';
        break;
      case 'from':
      case 'to':
        if (!isDay(value)) throw new FilterError(`${name} is a date such as 2026-11-24.`);
        filter[name] = value;
        break;
      case 'q':
        if (value.length > SEARCH_MAX)
          throw new FilterError(`Search for at most ${SEARCH_MAX} characters.`);
        if (value.includes('\u0000')) throw new FilterError('The search holds a NUL character.');
        filter.q = value;
        break;
      case 'order':
        if (value !== 'oldest' && value !== 'newest')
          throw new FilterError('order is newest or oldest.');
        if (value === 'oldest') filter.order = value;
        break;
      case 'due':
        if (value !== 'overdue' && value !== 'soon' && value !== 'today')
          throw new FilterError('due is overdue, soon or today.');
        filter.due = value;
        break;
      case 'owner':
        if (value !== 'mine' && value !== 'unowned')
          throw new FilterError('owner is mine or unowned.');
        filter.owner = value;
        break;
      default:
        throw new FilterError(
          `The inbox has no filter named ${JSON.stringify(name.slice(0, 40))}.`,
        );
    }
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new FilterError('from is after to: the date range is empty.');
  }
  return filter;
}

/** A cursor from the inbox's "next page" link ("<µs>.<id>"), or an error saying it is not one. */
export function cursorOf(value: unknown): InboxCursor | undefined {
  if (value === undefined || value === '') return undefined;
  const match = typeof value === 'string' ? CURSOR.exec(value) : null;
  if (!match)
    throw new FilterError('after is not a place in the inbox: follow the link to the next page.');
  return { micros: match[1]!, id: match[2]! };
}

export const cursorText = (cursor: InboxCursor) => `${cursor.micros}.${cursor.id}`;

/** The instants a filter's days stand for: from the start of `from` to the end of `to`. */
export const dayBounds = (filter: InboxFilter) => ({
  from: filter.from ? dayStart(filter.from) : undefined,
  until: filter.to ? dayEnd(filter.to) : undefined,
});

/**
 * A filter as the audit trail records it: what was asked, without the search words, which may
 * name a person.
 */
export function filterDetails(filter: InboxFilter): Record<string, unknown> {
  const { q, since, order: _order, me: _me, ...rest } = filter;
  return {
    ...rest,
    spam: filter.spam ?? false,
    ...(since ? { since: since.toISOString() } : {}),
    ...(q ? { search: true } : {}),
  };
}
