import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { problemText } from '../../api/console-api';
import { useDeliverAgainMutation, useDeliveriesQuery } from '../../api/inbox-api';
import { PageHeading } from '../../ui/PageHeading';
import { Problem } from '../../ui/Problem';
import { channelText } from './LeadDeliveries';
import { purposeText, timeText } from './words';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { QueryState } from '../../ui/QueryState';

/** Failed and pending notifications across leads, the newest 200, with "deliver again". */
export function DeliveriesPage() {
  const status =
    new URLSearchParams(useSearch()).get('status') === 'pending' ? 'pending' : 'failed';
  const deliveries = useDeliveriesQuery(status);
  const [deliverAgain, state] = useDeliverAgainMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const retry = async (id: string) => {
    setProblem(null);
    setDone('');
    try {
      await deliverAgain(id).unwrap();
      setDone('The notification is on its way again.');
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  return (
    <>
      <PageHeading>
        {status === 'failed' ? 'Failed notifications' : 'Pending notifications'}
      </PageHeading>
      <nav aria-label="Notifications by state" className="counts">
        <ul>
          {(['failed', 'pending'] as const).map((shown) => (
            <li key={shown}>
              <Link
                href={`/deliveries?status=${shown}`}
                aria-current={status === shown ? 'page' : undefined}
              >
                {shown === 'failed' ? 'Failed' : 'Pending'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Problem id="deliveries-problem" text={problem} />
      <p role="status">{done}</p>
      <QueryState query={deliveries} />
      {deliveries.data?.length === 0 && <p>None {status === 'failed' ? 'failed' : 'pending'}.</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <table>
          <caption className="visually-hidden">Notifications, newest first</caption>
          <ColumnHeads
            names={['Created', 'Channel', 'For', 'Attempts', 'Last error', 'Lead'].concat(
              status === 'failed' ? ['Action'] : [],
            )}
            sorted="descending"
          />
          <tbody>
            {deliveries.data.map((delivery) => (
              <tr key={delivery.id}>
                <td>{timeText(delivery.createdAt)}</td>
                <td>{channelText(delivery)}</td>
                <td>{purposeText(delivery.purpose)}</td>
                <td>{delivery.attempts}</td>
                <td>{delivery.lastError ?? ''}</td>
                <td>
                  <Link href={`/leads/${delivery.submissionId}`}>Open the lead</Link>
                </td>
                {status === 'failed' && (
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      disabled={state.isLoading}
                      onClick={() => void retry(delivery.id)}
                    >
                      Deliver again
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
