import { useState } from 'react';
import { problemText } from '../../api/console-api';
import { useDeliverLeadAgainMutation, type Lead } from '../../api/inbox-api';
import { Problem } from '../../ui/Problem';
import { timeText } from './words';

export const CHANNEL_LABELS: Record<string, string> = {
  email: 'Email to the team',
  webhook: 'Webhook',
  slack: 'Slack',
  acknowledgement: 'Receipt to the sender',
};

/** Where each notification of the lead stands, and "deliver again" for the failed ones. */
export function LeadDeliveries({ lead }: { lead: Lead }) {
  const [deliverAgain, state] = useDeliverLeadAgainMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const failed = lead.notifications.some((n) => n.status === 'failed');
  const retry = async () => {
    setProblem(null);
    try {
      await deliverAgain(lead.id).unwrap();
      setDone('The failed notifications are on their way again.');
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  return (
    <section aria-labelledby="lead-deliveries">
      <h2 id="lead-deliveries">Notifications</h2>
      {lead.notifications.length === 0 ? (
        <p>None: suspected spam is not announced.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Where each notification of this lead stands</caption>
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">State</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {lead.notifications.map((n) => (
              <tr key={n.id}>
                <td>{CHANNEL_LABELS[n.channel] ?? n.channel}</td>
                <td>
                  {n.status === 'sent' && n.sentAt
                    ? `Sent ${timeText(n.sentAt)}`
                    : n.status === 'failed'
                      ? 'Failed'
                      : 'Pending'}
                </td>
                <td>{n.attempts}</td>
                <td>{n.lastError ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Problem id="lead-deliveries-problem" text={problem} />
      <p role="status">{done}</p>
      {failed && (
        <button type="button" disabled={state.isLoading} onClick={() => void retry()}>
          Deliver again
        </button>
      )}
    </section>
  );
}
