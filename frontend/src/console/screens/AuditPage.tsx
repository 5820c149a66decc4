import { problemText, useAuditTrailQuery } from '../api/console-api';
import { PageHeading } from '../ui/PageHeading';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** A record's details as plain text ("reason: wrong password, factor: totp"). */
const detailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/** For admins: the newest records of the audit trail, as `leads audit` prints them. */
export function AuditPage() {
  const trail = useAuditTrailQuery();
  return (
    <>
      <PageHeading>Audit trail</PageHeading>
      <p>
        The newest 200 records: sign-ins and their failures, changes to accounts and factors, and
        what operators did with leads. A person is recorded by a keyed hash, never an address.
      </p>
      {trail.isLoading && <p role="status">Loading…</p>}
      {trail.isError && <p role="alert">{problemText(trail.error)}</p>}
      {trail.data && (
        <table>
          <caption className="visually-hidden">The audit trail, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Rows</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {trail.data.map((record) => (
              <tr key={record.id}>
                <td>{when.format(new Date(record.at))}</td>
                <td>{record.actor}</td>
                <td>{record.command}</td>
                <td>{record.rows}</td>
                <td>{detailsText(record.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
