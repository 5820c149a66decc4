import { useState } from 'react';
import { problemText } from '../../api/console-api';
import { useDeliverLeadAgainMutation, type Delivery, type Lead } from '../../api/inbox-api';
import { Problem } from '../../ui/Problem';
import { purposeText, timeText } from './words';
import { ColumnHeads } from '../../ui/ColumnHeads';

const CHANNEL_LABELS: Record<string, string> = {
  email: 'Email to the team',
  webhook: 'Webhook',
  slack: 'Slack',
  teams: 'Teams',
  acknowledgement: 'Receipt to the sender',
};

/** A reminder or an escalation by email goes to the people it names, not always the team. */
export const channelText = (delivery: Pick<Delivery, 'channel' | 'purpose'>) =>
  delivery.channel === 'email' && (delivery.purpose ?? 'lead') !== 'lead'
    ? 'Email'
    : (CHANNEL_LABELS[delivery.channel] ?? delivery.channel);

/** Cancelled: a reminder whose promise was kept first, or whose lead was marked as spam. */
function stateText(delivery: Delivery): string {
  if (delivery.status === 'sent' && delivery.sentAt) return `Sent ${timeText(delivery.sentAt)}`;
  if (delivery.status === 'failed') return 'Failed';
  if (delivery.status === 'cancelled') return 'Cancelled: no longer needed';
  return 'Pending';
}

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
          <ColumnHeads names={['Channel', 'For', 'State', 'Attempts', 'Last error']} />
          <tbody>
            {lead.notifications.map((n) => (
              <tr key={n.id}>
                <td>{channelText(n)}</td>
                <td>{purposeText(n.purpose)}</td>
                <td>{stateText(n)}</td>
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
