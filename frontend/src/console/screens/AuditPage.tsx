import { Link, useLocation, useSearch } from 'wouter';
import { problemText } from '../api/console-api';
import { useAuditTrailQuery, type AuditRecord } from '../api/admin-api';
import { PageHeading } from '../ui/PageHeading';
import { filterArg } from '../ui/url-filter';
import { Problem } from '../ui/Problem';
import { AuditFilters } from './audit/AuditFilters';
import { ColumnHeads } from '../ui/ColumnHeads';

const HERE = '/admin/audit';
const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/** A record's details as plain text ("reason: wrong password, factor: totp"). */
const detailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/**
 * For admins: the audit trail as `leads audit` prints it, newest first, 100 records at a time,
 * filtered by the URL's query (command, actor, email, from, to); the Older link carries the last
 * record's id (before=…), never an offset.
 */
export function AuditPage() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const before = params.get('before');
  params.delete('before');
  const filter = params.toString();
  const trail = useAuditTrailQuery(
    filterArg(
      before ? `${filter ? `${filter}&` : ''}before=${encodeURIComponent(before)}` : filter,
    ),
  );
  // This filter's and place's page only (currentData): never the previous page's Older link.
  const records = trail.currentData?.records;
  const older = trail.currentData?.older;
  const go = (next: URLSearchParams) => navigate(next.size ? `${HERE}?${next}` : HERE);

  return (
    <>
      <PageHeading>Audit trail</PageHeading>
      <p>
        Sign-ins and their failures, changes to accounts and factors, and what operators did with
        leads, newest first. A person is recorded by a keyed hash of their address, never the
        address: to find the records about someone, enter their address below. Times are UTC.
      </p>
      <AuditFilters key={filter} filter={params} onApply={go} />
      <Problem id="audit-problem" text={trail.isError ? problemText(trail.error) : null} />
      <p role="status">{trail.isFetching ? 'Loading…' : countText(records, filter, before)}</p>
      {records && records.length > 0 && <AuditTable records={records} filtered={!!filter} />}
      <div className="actions">
        {before && <Link href={filter ? `${HERE}?${filter}` : HERE}>Newest records</Link>}
        {older && (
          <Link href={`${HERE}?${filter ? `${filter}&` : ''}before=${encodeURIComponent(older)}`}>
            Older records
          </Link>
        )}
      </div>
    </>
  );
}

/** What the status region says of a page: how many records, or that none matched. */
function countText(records: AuditRecord[] | undefined, filter: string, before: string | null) {
  if (!records) return '';
  if (records.length === 0) {
    return filter || before ? 'No record matches this filter.' : 'No audit records yet.';
  }
  const count = `${records.length} record${records.length === 1 ? '' : 's'}`;
  return `${count}${filter ? ' of this filter' : ''}${before ? ', older ones' : ''}, newest first.`;
}

function AuditTable({ records, filtered }: { records: AuditRecord[]; filtered: boolean }) {
  return (
    <table>
      <caption className="visually-hidden">
        {filtered ? 'The audit records of this filter' : 'The audit trail'}, newest first
      </caption>
      <ColumnHeads names={['When (UTC)', 'Who', 'What', 'Rows', 'Details']} sorted="descending" />
      <tbody>
        {records.map((record) => (
          <tr key={record.id}>
            <td>{when.format(new Date(record.at))}</td>
            <td>{record.actor}</td>
            <td>{record.command}</td>
            <td>{record.rows}</td>
            <td>
              {detailsText(record.details)}
              {record.subjectHash && (
                <span className="muted">
                  {Object.keys(record.details).length > 0 ? '; ' : ''}about a person (hash{' '}
                  {record.subjectHash.slice(0, 12)}…)
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
