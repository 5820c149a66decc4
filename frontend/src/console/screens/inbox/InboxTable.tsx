import { useEffect, type RefObject } from 'react';
import { Link } from 'wouter';
import type { InboxEntry } from '../../api/inbox-api';
import { VisitorText } from '../../ui/VisitorText';
import {
  dueClass,
  dueText,
  KIND_LABELS,
  meetingClass,
  meetingText,
  STATUS_LABELS,
  timeText,
  UNOWNED,
} from './words';

/** The most earlier leads a row counts; past it the service answers 100 and the row says "99+". */
const RELATED_COUNT_MAX = 99;

/**
 * The leads of a page, each with its checkbox for the bulk actions; the Received column sorts
 * (the one order a keyset page can take). Below 40rem the rows are stacked cards (console.css),
 * still a table to a screen reader.
 */
export function InboxTable({
  leads,
  oldest,
  onSort,
  selected,
  onSelect,
  selectAll,
}: {
  leads: InboxEntry[];
  oldest: boolean;
  onSort: () => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[]) => void;
  /** The "Select all on this page" checkbox, where focus goes once a bulk action is done. */
  selectAll: RefObject<HTMLInputElement | null>;
}) {
  const count = leads.filter((lead) => selected.has(lead.id)).length;
  const all = count > 0 && count === leads.length;
  // A checkbox's mixed state exists only as a DOM property (read out as "half checked").
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !all;
  }, [selectAll, count, all]);
  const toggle = (id: string) =>
    onSelect(
      selected.has(id)
        ? leads.filter((lead) => lead.id !== id && selected.has(lead.id)).map((lead) => lead.id)
        : leads.filter((lead) => lead.id === id || selected.has(lead.id)).map((lead) => lead.id),
    );

  return (
    <table className="inbox">
      <caption className="visually-hidden">Leads, {oldest ? 'oldest' : 'newest'} first</caption>
      <thead>
        <tr>
          <th scope="col" className="select">
            <label className="select-box">
              <input
                ref={selectAll}
                type="checkbox"
                checked={all}
                onChange={() => onSelect(all ? [] : leads.map((lead) => lead.id))}
              />
              <span className="visually-hidden">Select all on this page</span>
            </label>
          </th>
          <th scope="col" aria-sort={oldest ? 'ascending' : 'descending'}>
            <button type="button" className="sort" onClick={onSort}>
              Received <span aria-hidden="true">{oldest ? '▲' : '▼'}</span>
              <span className="visually-hidden">
                , {oldest ? 'oldest' : 'newest'} first; sort {oldest ? 'newest' : 'oldest'} first
              </span>
            </button>
          </th>
          <th scope="col">Name</th>
          <th scope="col">Company and role</th>
          <th scope="col">Kind</th>
          <th scope="col">Status</th>
          <th scope="col">Owner</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr
            key={lead.id}
            className={
              [lead.unread && 'unread', selected.has(lead.id) && 'selected']
                .filter(Boolean)
                .join(' ') || undefined
            }
          >
            <td className="select">
              <label className="select-box">
                <input
                  type="checkbox"
                  checked={selected.has(lead.id)}
                  onChange={() => toggle(lead.id)}
                />
                <span className="visually-hidden">
                  Select <VisitorText text={lead.name} />
                </span>
              </label>
            </td>
            <td className="words">{timeText(lead.receivedAt)}</td>
            <td>
              <Link href={`/leads/${lead.id}`}>
                {lead.unread && <span className="badge">Unread</span>}{' '}
                <VisitorText text={lead.name} />
              </Link>
              {lead.related > 0 && <Related count={lead.related} />}
            </td>
            <td>
              <VisitorText text={lead.company} />
              <br />
              <span className="muted">
                <VisitorText text={lead.role} />
              </span>
            </td>
            <td className="words">{KIND_LABELS[lead.kind]}</td>
            <td className="words">
              {STATUS_LABELS[lead.status]}
              {lead.meeting && (
                <span className={meetingClass(lead.meeting)}>{meetingText(lead.meeting)}</span>
              )}
              {lead.due && <span className={dueClass(lead.due)}>{dueText(lead.due)}</span>}
              {lead.deliveryFailed && <span className="due overdue">A notification failed</span>}
            </td>
            <td className={lead.owner ? 'words' : 'words muted'}>
              <span className="cell-label" aria-hidden="true">
                Owner:{' '}
              </span>
              {lead.owner ? <VisitorText text={lead.owner} /> : UNOWNED}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "2 earlier": the earlier leads from the same address or company domain (listed on the lead's
 * screen). The short words are for the eye; a screen reader hears the whole sentence.
 */
function Related({ count }: { count: number }) {
  const more = count > RELATED_COUNT_MAX;
  const shown = more ? `${RELATED_COUNT_MAX}+` : String(count);
  const said = more ? `More than ${RELATED_COUNT_MAX}` : String(count);
  return (
    <>
      {' '}
      <span className="badge related">
        <span aria-hidden="true">{shown} earlier</span>
        <span className="visually-hidden">
          {said} earlier lead{count === 1 ? '' : 's'} from this person or company
        </span>
      </span>
    </>
  );
}
