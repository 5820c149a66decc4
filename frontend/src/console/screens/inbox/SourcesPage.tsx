import { useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSourcesQuery, type SourceReport, type SourceRow } from '../../api/inbox-api';
import { Labelled } from '../../ui/Field';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { PageHeading } from '../../ui/PageHeading';
import { QueryState } from '../../ui/QueryState';
import { applyFilter, filterArg } from '../../ui/url-filter';
import { VisitorText } from '../../ui/VisitorText';
import { hoursText } from './words';

/** The report's days, as the filter form names them. */
const DAYS = [
  ['from', 'Received from'],
  ['to', 'Received until'],
] as const;
const FIELDS = DAYS.map(([field]) => field);

// A no-break space keeps "100 %" whole when the cell wraps.
const share = (part: number, whole: number) =>
  whole === 0 ? '–' : `${Math.round((part / whole) * 100)}\u00a0%`;

/**
 * Which campaigns bring discovery calls (contact-service/src/leads/source-report.ts): per source,
 * medium and campaign, the contact requests of the chosen days, the calls booked from them, those
 * booked within the callback promise, and the median time to the booking. The days live in the
 * URL, so a report can be bookmarked and shared; the service reads the last 28 by default and at
 * most 366.
 */
export function SourcesPage() {
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = new URLSearchParams(search);
  const report = useSourcesQuery(filterArg(search));
  const apply = applyFilter(FIELDS, (next) => navigate(`/sources?${next.toString()}`));
  return (
    <>
      <PageHeading>Sources</PageHeading>
      <form className="filters" aria-label="Days of the report" onSubmit={apply}>
        {DAYS.map(([field, label]) => (
          <Labelled key={field} id={`${id}-${field}`} label={label}>
            <input
              id={`${id}-${field}`}
              name={field}
              type="date"
              defaultValue={filter.get(field) ?? report.data?.[field] ?? ''}
              key={`${field}-${report.data?.[field]}`}
            />
          </Labelled>
        ))}
        <button type="submit">Show</button>
      </form>
      <QueryState query={report} />
      {report.data && <SourcesTable report={report.data} />}
    </>
  );
}

function SourcesTable({ report }: { report: SourceReport }) {
  const captionId = useId();
  const leads = report.rows.reduce((sum, row) => sum + row.leads, 0);
  if (leads === 0)
    return (
      <p>
        No contact requests from {report.from} to {report.to}.
      </p>
    );
  return (
    <>
      <p>
        {leads} contact requests from {report.from} to {report.to}; {knownText(report)} with a known
        source.
      </p>
      {/* A data table may scroll sideways on a narrow screen (WCAG 1.4.10's exception); the
          region takes focus so a keyboard can scroll it. */}
      <div className="wide-table" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="sources">
          <caption id={captionId}>
            Contact requests per source, medium and campaign, most first. Booked: calls booked
            through the scheduler from these requests. In time: booked within the callback promise.
          </caption>
          <ColumnHeads
            names={['Source', 'Medium', 'Campaign', 'Requests', 'Booked', 'In time', 'Median time']}
          />
          <tbody>
            {report.rows.map((row) => (
              <SourceLine key={`${row.source}\u0000${row.medium}\u0000${row.campaign}`} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const knownText = (report: SourceReport) =>
  report.knownShare === null ? 'none' : `${Math.round(report.knownShare * 100)} %`;

function SourceLine({ row }: { row: SourceRow }) {
  return (
    <tr>
      <th scope="row" className="typed">
        <VisitorText text={row.source} />
      </th>
      <td className="typed">
        <VisitorText text={row.medium} />
      </td>
      <td className="typed">{row.campaign ? <VisitorText text={row.campaign} /> : '–'}</td>
      <td>{row.leads}</td>
      <td>
        {row.booked} ({share(row.booked, row.leads)})
      </td>
      <td>
        {row.inPromise} ({share(row.inPromise, row.leads)})
      </td>
      <td>
        {row.medianHoursToBooking === null ? 'none yet' : hoursText(row.medianHoursToBooking)}
      </td>
    </tr>
  );
}
