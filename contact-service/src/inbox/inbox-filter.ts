import { ApiPropertyOptional } from '@nestjs/swagger';
import { RefusedAs } from '../http/body-validation.pipe.js';
import { Day, Flag, NotBefore, OneOf, QueryMatching, QueryText } from '../http/query-fields.js';
import { LEAD_KINDS, type LeadKind } from '../leads/lead-kind.js';
import { STATUSES, type LeadStatus } from '../leads/lead-status.js';
import { dayEnd, dayStart } from '../leads/support-hours.js';

export const SEARCH_MAX = 200;
export const PAGE_SIZE = 50;

/** The one sentence for a parameter the inbox does not read. */
export const noSuchFilter = (name: string) =>
  `The inbox has no filter named ${JSON.stringify(name.slice(0, 40))}.`;

/**
 * The inbox's filter as an address's query holds it (?kind=accessibility&status=new&q=…), as the
 * console's screens write it in the URL: read and checked by the validation pipe, each refusal a
 * sentence that names the parameter and says what it takes. Every value is text; an empty one is
 * no filter. Unknown parameters are refused rather than ignored, so a link that looks filtered
 * always is. A new filter is a field here and its condition in inbox-conditions.ts.
 */
@RefusedAs({ unknownField: noSuchFilter })
export class InboxFilterQuery {
  @ApiPropertyOptional({ enum: LEAD_KINDS, enumName: 'LeadKind' })
  @OneOf(LEAD_KINDS, 'kind is contact or accessibility.')
  kind?: LeadKind;

  @ApiPropertyOptional({ enum: STATUSES, enumName: 'LeadStatus' })
  @OneOf(STATUSES, ({ value }) => `There is no status ${JSON.stringify(value).slice(0, 60)}.`)
  status?: LeadStatus;

  /** true: only suspected spam; false (the default): only people's submissions. */
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @Flag()
  spam?: boolean;

  /** Received on or after this day (YYYY-MM-DD in the support time zone). */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-24' })
  @Day()
  from?: string;

  /** Received on or before this day. */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-30' })
  @Day()
  @NotBefore('from')
  to?: string;

  /** Words to find in name, company, role, email and message: each as a prefix, accents ignored. */
  @ApiPropertyOptional({ maxLength: SEARCH_MAX })
  @QueryText(SEARCH_MAX, {
    tooLong: `Search for at most ${SEARCH_MAX} characters.`,
    nul: 'The search holds a NUL character.',
  })
  q?: string;

  /** Only the leads the operator who asks has not opened. */
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @Flag()
  unread?: boolean;

  /**
   * Leads with a promise open (lead-promises.ts): past its due time, past its reminder but not
   * yet due, or due by the end of today.
   */
  @ApiPropertyOptional({ enum: ['overdue', 'soon', 'today'] })
  @OneOf(['overdue', 'soon', 'today'], 'due is overdue, soon or today.')
  due?: 'overdue' | 'soon' | 'today';

  /** Leads of the operator who asks, or of nobody. */
  @ApiPropertyOptional({ enum: ['mine', 'unowned'] })
  @OneOf(['mine', 'unowned'], 'owner is mine or unowned.')
  owner?: 'mine' | 'unowned';

  /** The order of a page: newest first unless `oldest`. Counts and exports ignore it. */
  @ApiPropertyOptional({ enum: ['newest', 'oldest'] })
  @OneOf(['oldest'], 'order is newest or oldest.', (text) => (text === 'newest' ? undefined : text))
  order?: 'oldest';
}

/** Which leads an inbox view, a count or an export covers: an address's filter, and more. */
export interface InboxFilter extends InboxFilterQuery {
  /** Received at or after this moment (the CLI's --since). */
  since?: Date;
  /** Who "mine" is: the username of the operator who asks (never from the URL). */
  me?: string;
}

/** A place in the inbox's order: the received time in µs and the id of the last row shown. */
export interface InboxCursor {
  micros: string;
  id: string;
}

const CURSOR = /^(\d{1,19})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A page's place from the previous page's `next` ("<µs>.<id>"); undefined for none. */
export function cursorOf(text: string | undefined): InboxCursor | undefined {
  const match = text === undefined ? null : CURSOR.exec(text);
  return match ? { micros: match[1]!, id: match[2]! } : undefined;
}

export const cursorText = (cursor: InboxCursor) => `${cursor.micros}.${cursor.id}`;

/** The query parameter `after`: a cursor as cursorText writes it. */
export const Cursor = () =>
  QueryMatching(
    'isCursor',
    (text) => CURSOR.test(text),
    'after is not a place in the inbox: follow the link to the next page.',
  );

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
