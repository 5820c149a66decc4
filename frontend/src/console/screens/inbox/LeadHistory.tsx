import type { ReactNode } from 'react';
import type { Due, HistoryEntry, Lead } from '../../api/inbox-api';
import { VisitorText } from '../../ui/VisitorText';
import { meetingText, SCHEDULER_LABELS, STATUS_LABELS, stepLabel, timeText } from './words';

/** The service's own actors, named as what they are rather than as accounts. */
const SYSTEM_ACTORS: Record<string, string> = {
  'auto-assign': 'Automatic assignment',
  'promise-watch': 'The promise watch',
};

/**
 * Who did it: an operator's username as typed, a system actor in words, or the scheduler by its
 * name (a name, so never lowered).
 */
function Actor({ name, lower = false }: { name: string; lower?: boolean }) {
  const scheduler = SCHEDULER_LABELS[name as keyof typeof SCHEDULER_LABELS];
  if (scheduler) return <>{scheduler}</>;
  const system = SYSTEM_ACTORS[name];
  if (system) return <>{lower ? system.charAt(0).toLowerCase() + system.slice(1) : system}</>;
  return <VisitorText text={name} />;
}

const Name = ({ name }: { name: string }) => <VisitorText text={name} />;

/** The lead's history, oldest first, one sentence per event. */
export function LeadHistory({ lead }: { lead: Lead }) {
  return (
    <section aria-labelledby="lead-history">
      <h2 id="lead-history">History</h2>
      {lead.history.length === 0 ? (
        <p>Nothing yet: the lead is new.</p>
      ) : (
        <ol className="history">
          {lead.history.map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              {timeText(entry.at)}: {sentence(entry, lead.due)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * One event in words. A reminder names the due time when it is about the promise still open
 * (the steps of a lead come one after another, so the same step is the same promise).
 */
function sentence(entry: HistoryEntry, due: Due | null): ReactNode {
  switch (entry.event) {
    case 'status':
      return (
        <>
          {STATUS_LABELS[entry.from] ?? entry.from} → {STATUS_LABELS[entry.to] ?? entry.to}, by{' '}
          <Actor name={entry.actor} lower />
        </>
      );
    case 'owner':
      return ownerSentence(entry);
    case 'reminder': {
      const step = stepLabel(entry.step);
      return (
        <>
          Reminder sent to <Name name={entry.to} />:{' '}
          {due?.step === entry.step
            ? `${step.verb.toLowerCase()} by ${timeText(due.at)}`
            : `${step.noun} is due soon`}
        </>
      );
    }
    case 'escalation':
      return (
        <>
          Escalation sent to <Name name={entry.to} />: {stepLabel(entry.step).noun} is overdue
          {due?.step === entry.step ? ` (due ${timeText(due.at)})` : ''}
        </>
      );
    case 'cancelled': {
      // A kept promise drops its own reminders; spam (no step) drops everything still to go.
      const plural = entry.count === 1 ? '' : 's';
      const what = entry.step
        ? `reminder${plural} about ${stepLabel(entry.step).noun}`
        : `notification${plural}`;
      return (
        <>
          {entry.count} pending {what} cancelled, by <Actor name={entry.actor} lower />
        </>
      );
    }
    case 'booking':
      return (
        <>
          {meetingText(entry)}
          {entry.host && (
            <>
              {' '}
              with <Name name={entry.host} />
            </>
          )}
          , through <Actor name={entry.actor} />
          {entry.matched ? MATCHED[entry.matched] : ''}
        </>
      );
    case 'report':
      return (
        <>
          Report tagged {entry.criterion ?? 'with no criterion'}
          {entry.page && (
            <>
              {' '}
              on <Name name={entry.page} />
            </>
          )}
          {entry.severity && `, ${entry.severity}`}
          {entry.confirmed ? ', confirmed' : ', not confirmed'}, by{' '}
          <Actor name={entry.actor} lower />
        </>
      );
    case 'answer':
      return entry.told
        ? `The sender's mail (${(STATUS_LABELS[entry.step] ?? entry.step).toLowerCase()}) was queued${entry.plannedFor ? ` (planned for ${entry.plannedFor})` : ''}`
        : `The sender was not mailed of ${(STATUS_LABELS[entry.step] ?? entry.step).toLowerCase()}: receipts to senders are off (ACKNOWLEDGE_SENDER)`;
    default: {
      // An event this console does not know yet still shows when and by whom.
      const unknown = entry as { event: string; actor: string };
      return (
        <>
          {unknown.event}, by <Actor name={unknown.actor} lower />
        </>
      );
    }
  }
}

/**
 * How a booking found this lead, as the service matched it: a link with a token only the
 * service can make, or the address the booker typed (which anyone could type).
 */
const MATCHED: Record<
  NonNullable<Extract<HistoryEntry, { event: 'booking' }>['matched']>,
  string
> = {
  booking: '',
  link: ', from the booking link the service sent',
  address: ', matched by the address the booker typed',
  new: ': the booking made this lead',
};

/** "ada took the lead", "ada assigned the lead to max", "max handed the lead back", … */
function ownerSentence({ actor, from, to }: Extract<HistoryEntry, { event: 'owner' }>): ReactNode {
  if (to !== null && actor === 'auto-assign') {
    return (
      <>
        The lead was given to <Name name={to} /> in turn (automatic assignment)
      </>
    );
  }
  if (to !== null && actor === to) {
    return from === null ? (
      <>
        <Name name={to} /> took the lead
      </>
    ) : (
      <>
        <Name name={to} /> took the lead from <Name name={from} />
      </>
    );
  }
  if (to !== null) {
    return from === null ? (
      <>
        <Actor name={actor} /> assigned the lead to <Name name={to} />
      </>
    ) : (
      <>
        <Actor name={actor} /> reassigned the lead from <Name name={from} /> to <Name name={to} />
      </>
    );
  }
  if (from === null || actor === from) {
    return (
      <>
        <Actor name={actor} /> handed the lead back
      </>
    );
  }
  return (
    <>
      <Actor name={actor} /> handed the lead of <Name name={from} /> back to the team
    </>
  );
}
