import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Me } from '../../api/console-api';
import {
  exportUrl,
  INBOX_REFRESH_MS,
  useInboxCountsQuery,
  useInboxPageQuery,
} from '../../api/inbox-api';
import { filterArg } from '../../ui/url-filter';
import { PageHeading } from '../../ui/PageHeading';
import { BulkActions } from './BulkActions';
import { InboxFilters } from './InboxFilters';
import { InboxTable } from './InboxTable';
import { ALL_STATUSES, STATUS_LABELS } from './words';
import { QueryState } from '../../ui/QueryState';

/**
 * The inbox: newest first (or oldest), filtered by the URL's query, a page at a time (the link to
 * the next page carries the place, never an offset). The counts are read again every few seconds;
 * when they change, the first page is too, so a new lead shows within 10 s and is announced. The
 * leads selected on the page take one action together; a new filter or page selects none.
 */
export function InboxPage({ me }: { me: Me }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const after = params.get('after');
  params.delete('after');
  const filter = params.toString();
  const oldest = params.get('order') === 'oldest';

  const counts = useInboxCountsQuery(filterArg(filter), {
    pollingInterval: INBOX_REFRESH_MS,
    skipPollingIfUnfocused: false,
  });
  const query = after ? `${filter}&after=${encodeURIComponent(after)}` : filter;
  const page = useInboxPageQuery(filterArg(query));
  const leads = page.data?.leads ?? [];
  const [selection, setSelection] = useState({ query, ids: new Set<string>() });
  const selected = selection.query === query ? selection.ids : new Set<string>();
  const select = (ids: string[]) => setSelection({ query, ids: new Set(ids) });
  const selectAll = useRef<HTMLInputElement>(null);
  const total = counts.data ? Object.values(counts.data).reduce((a, b) => a + (b ?? 0), 0) : null;
  const announcement = useNewLeads(total, () => {
    if (!after) void page.refetch();
  });

  const go = (next: URLSearchParams) => navigate(next.size ? `/?${next}` : '/');
  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(filter);
    if (value === null) next.delete(name);
    else next.set(name, value);
    return next.size ? `/?${next}` : '/';
  };
  const spam = params.get('spam') === 'true';

  return (
    <>
      <PageHeading>{spam ? 'Suspected spam' : 'Inbox'}</PageHeading>
      <InboxFilters key={filter} filter={params} onApply={go} />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {counts.data && (
        <nav aria-label="Leads per status" className="counts">
          <ul>
            {ALL_STATUSES.filter((status) => counts.data?.[status] !== undefined).map((status) => (
              <li key={status}>
                <Link
                  href={withParam('status', status)}
                  aria-current={params.get('status') === status ? 'true' : undefined}
                >
                  {STATUS_LABELS[status]}: {counts.data?.[status]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <QueryState query={page} />
      {page.data && page.data.leads.length === 0 && (
        <p>{filter || after ? 'No lead matches this filter.' : 'No leads yet.'}</p>
      )}
      <BulkActions
        key={`bulk:${query}`}
        leads={leads.filter((lead) => selected.has(lead.id))}
        me={me}
        spamView={spam}
        onSettled={(keep) => {
          // The toolbar goes once nothing is selected: focus stays on the page, where it began.
          if (keep.length === 0) selectAll.current?.focus();
          select(keep);
        }}
      />
      {leads.length > 0 && (
        <InboxTable
          leads={leads}
          oldest={oldest}
          onSort={() => navigate(withParam('order', oldest ? null : 'oldest'))}
          selected={selected}
          onSelect={select}
          selectAll={selectAll}
        />
      )}
      <div className="actions">
        {after && (
          <Link href={filter ? `/?${filter}` : '/'}>
            {oldest ? 'Oldest leads' : 'Newest leads'}
          </Link>
        )}
        {page.data?.next && (
          <Link href={`/?${filter ? `${filter}&` : ''}after=${encodeURIComponent(page.data.next)}`}>
            {oldest ? 'Newer leads' : 'Older leads'}
          </Link>
        )}
      </div>
      {me.role === 'admin' && (
        <p>
          Export the leads of this filter:{' '}
          <a href={exportUrl('csv', filter)} download>
            CSV
          </a>{' '}
          ·{' '}
          <a href={exportUrl('json', filter)} download>
            JSON
          </a>
        </p>
      )}
    </>
  );
}

/** "2 new leads" when the filter's total grows while the inbox is open; `onChange` re-reads. */
function useNewLeads(total: number | null, onChange: () => void) {
  const seen = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (total === null) return;
    const previous = seen.current;
    seen.current = total;
    if (previous === null || previous === total) return;
    onChange();
    const added = total - previous;
    if (added > 0) setAnnouncement(`${added} new lead${added === 1 ? '' : 's'}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onChange is read when total moves
  }, [total]);
  return announcement;
}
