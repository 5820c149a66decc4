import { subjectLine, subjects } from '@proposal-site/contract/contact-fields.json';
import { LeadSource } from './LeadSource';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { problemText, type Me } from '../../api/console-api';
import {
  useLeadQuery,
  useMarkNotSpamMutation,
  useMarkSpamMutation,
  useSetStatusMutation,
  type Lead,
  type LeadStatus,
} from '../../api/inbox-api';
import { Labelled } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { Problem } from '../../ui/Problem';
import { VisitorField, VisitorText } from '../../ui/VisitorText';
import { LeadDeliveries } from './LeadDeliveries';
import { LeadHistory } from './LeadHistory';
import { LeadNotes } from './LeadNotes';
import { LeadOwner } from './LeadOwner';
import { LeadRelated } from './LeadRelated';
import { LeadReport } from './LeadReport';
import {
  dueClass,
  dueText,
  KIND_LABELS,
  meetingClass,
  meetingText,
  SCHEDULER_LABELS,
  STATUS_LABELS,
  timeText,
  UNOWNED,
} from './words';
import { QueryState } from '../../ui/QueryState';

/** The subject line an accessibility report starts with (contract/contact-fields.json). */
const ACCESSIBILITY_PREFIX = subjectLine.replace('{subject}', subjects.accessibility);

/**
 * One lead: every field as text, its status, its promise and its owner, what comes next,
 * deliveries, history, the earlier leads from the same person or company, notes.
 */
export function LeadPage({ id, me }: { id: string; me: Me }) {
  const lead = useLeadQuery(id);
  return (
    <>
      <PageHeading>Lead</PageHeading>
      <p>
        <Link href="/">Back to the inbox</Link>
      </p>
      <QueryState query={lead} />
      {lead.data && <LeadDetails lead={lead.data} me={me} />}
    </>
  );
}

/** What the visitor typed into the form, shown as typed (inert text). */
const TYPED = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['company', 'Company'],
  ['role', 'Role'],
] as const;

function LeadDetails({ lead, me }: { lead: Lead; me: Me }) {
  const message = lead.message ?? '';
  const text = message.startsWith(ACCESSIBILITY_PREFIX)
    ? message.slice(ACCESSIBILITY_PREFIX.length)
    : message;
  return (
    <>
      <dl className="fields">
        {TYPED.map(([field, label]) => (
          <VisitorField key={field} label={label} text={lead[field]} />
        ))}
        <dt>Kind</dt>
        <dd>{KIND_LABELS[lead.kind]}</dd>
        <dt>Received</dt>
        <dd>{timeText(lead.createdAt)}</dd>
        <dt>Status</dt>
        <dd>
          {STATUS_LABELS[lead.status]}
          {lead.due && <span className={dueClass(lead.due)}>{dueText(lead.due)}</span>}
        </dd>
        {lead.meeting && (
          <>
            <dt>Meeting</dt>
            <dd>
              <span className={meetingClass(lead.meeting)}>
                {meetingText(lead.meeting)}
                {lead.meeting.host && (
                  <>
                    {' '}
                    with <VisitorText text={lead.meeting.host} />
                  </>
                )}
              </span>{' '}
              ({SCHEDULER_LABELS[lead.meeting.scheduler]})
            </dd>
          </>
        )}
        <dt>Owner</dt>
        <dd>{lead.owner ? <VisitorText text={lead.owner} /> : UNOWNED}</dd>
        {lead.spamReason && (
          <>
            <dt>Suspected spam</dt>
            <dd>
              <VisitorText text={lead.spamReason} />
            </dd>
          </>
        )}
        <LeadSource lead={lead} />
      </dl>
      <h2>Message</h2>
      <p className="message">{text ? <VisitorText text={text} /> : 'No message.'}</p>
      <LeadOwner lead={lead} me={me} />
      <LeadReport lead={lead} />
      <LeadActions lead={lead} />
      <LeadDeliveries lead={lead} />
      <LeadHistory lead={lead} />
      <LeadRelated lead={lead} />
      <LeadNotes lead={lead} />
    </>
  );
}

/** What the sender of accessibility feedback is told with a step, as the team writes it. */
const ANSWER_TEXTS = {
  plan: {
    label: 'Plan',
    hint: 'What will be done about it. The sender is told, with the date.',
    rows: 3,
  },
  reason: {
    label: 'Reason, if it will not be fixed',
    hint: 'The sender is told it, and the statement lists it with the limitation.',
    rows: 2,
  },
};

/**
 * The next statuses of the lead's workflow, and spam or not. Accessibility feedback's sender is
 * told of each step by mail: assessing it takes the plan and its date, "won't fix" its reason.
 */
function LeadActions({ lead }: { lead: Lead }) {
  const id = useId();
  const [answer, setAnswer] = useState({ plan: '', plannedFor: '', reason: '' });
  const answered = lead.kind === 'accessibility';
  const bodyOf = (status: LeadStatus) => {
    const given = (value: string) => value.trim() || undefined;
    if (answered && status === 'assessed') {
      return { status, plan: given(answer.plan), plannedFor: given(answer.plannedFor) };
    }
    if (answered && status === 'wont_fix') return { status, reason: given(answer.reason) };
    return { status };
  };
  const [setStatus, statusState] = useSetStatusMutation();
  const [markSpam, spamState] = useMarkSpamMutation();
  const [markNotSpam, notSpamState] = useMarkNotSpamMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const run = async (work: Promise<unknown>, said: string) => {
    setProblem(null);
    setDone('');
    try {
      await work;
      setDone(said);
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  const busy = statusState.isLoading || spamState.isLoading || notSpamState.isLoading;
  const answerText = (field: keyof typeof ANSWER_TEXTS) => (
    <Labelled
      id={`${id}-${field}`}
      label={ANSWER_TEXTS[field].label}
      hint={ANSWER_TEXTS[field].hint}
    >
      <textarea
        id={`${id}-${field}`}
        rows={ANSWER_TEXTS[field].rows}
        maxLength={1000}
        value={answer[field]}
        aria-describedby={`${id}-${field}-hint`}
        onChange={(event) => setAnswer({ ...answer, [field]: event.target.value })}
      />
    </Labelled>
  );
  return (
    <section aria-labelledby="lead-actions">
      <h2 id="lead-actions">Follow up</h2>
      <Problem id="lead-actions-problem" text={problem} />
      <p role="status">{done}</p>
      {answered && lead.next.includes('assessed') && (
        <>
          {answerText('plan')}
          <Labelled id={`${id}-date`} label="Planned for">
            <input
              id={`${id}-date`}
              type="date"
              value={answer.plannedFor}
              onChange={(event) => setAnswer({ ...answer, plannedFor: event.target.value })}
            />
          </Labelled>
        </>
      )}
      {answered && lead.next.includes('wont_fix') && answerText('reason')}
      <div className="actions">
        {lead.next.map((status) => (
          <button
            key={status}
            type="button"
            disabled={busy}
            onClick={() =>
              void run(
                setStatus({ id: lead.id, statusBody: bodyOf(status) }).unwrap(),
                `The lead is now ${STATUS_LABELS[status].toLowerCase()}.`,
              )
            }
          >
            Mark {STATUS_LABELS[status].toLowerCase()}
          </button>
        ))}
        {lead.next.length === 0 && <p>Its work is done.</p>}
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            void run(
              (lead.spamReason ? markNotSpam : markSpam)(lead.id).unwrap(),
              lead.spamReason
                ? 'Not spam: the lead is back in the inbox and its notifications are on their way.'
                : 'Marked as spam: the lead is in the spam view.',
            )
          }
        >
          {lead.spamReason ? 'Not spam' : 'This is spam'}
        </button>
      </div>
    </section>
  );
}
