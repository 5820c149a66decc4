import { useId, useState, type FormEvent } from 'react';
import { useAccountsQuery } from '../../api/admin-api';
import { problemText, type Me } from '../../api/console-api';
import type { InboxEntry, LeadStatus } from '../../api/inbox-api';
import { useBulkLeadsMutation, type BulkChange } from '../../api/inbox-api';
import { Problem } from '../../ui/Problem';
import { VisitorText } from '../../ui/VisitorText';
import { ALL_STATUSES, STATUS_LABELS, STATUSES_OF } from './words';

/** The owner choice that hands the leads back to the team (sent as null). */
const NOBODY = '';

interface Refusal {
  id: string;
  name: string;
  message: string;
}

/**
 * What to do with the selected leads of the page: a status, an owner, spam or not. The service
 * does each lead on its own and says why it refused one; what it did is announced (a polite live
 * region, there before the answer so it is read out), and the refused leads stay selected for
 * another try. `onSettled` takes the ids to keep selected.
 */
export function BulkActions({
  leads,
  me,
  spamView,
  onSettled,
}: {
  leads: InboxEntry[];
  me: Me;
  spamView: boolean;
  onSettled: (keep: string[]) => void;
}) {
  const id = useId();
  const [bulkLeads, state] = useBulkLeadsMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ updated: number; refusals: Refusal[] } | null>(null);
  const busy = state.isLoading;

  const run = async (change: BulkChange) => {
    // Marked aria-disabled rather than disabled while the call runs: a disabled button drops the
    // focus to the page's start, and the pressed one stays when some leads are refused.
    if (busy) return;
    const chosen = leads;
    setProblem(null);
    setOutcome(null);
    const answer = await bulkLeads({ ids: chosen.map((lead) => lead.id), ...change });
    if ('error' in answer) return setProblem(problemText(answer.error));
    const results = new Map(answer.data.results.map((result) => [result.id, result]));
    const refusals = chosen
      .filter((lead) => !results.get(lead.id)?.ok)
      .map((lead) => ({
        id: lead.id,
        name: lead.name,
        message: results.get(lead.id)?.message ?? 'The service did not say what it did with it.',
      }));
    setOutcome({ updated: chosen.length - refusals.length, refusals });
    onSettled(refusals.map((refusal) => refusal.id));
  };
  const submit =
    (change: (form: FormData) => BulkChange) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(change(new FormData(event.currentTarget)));
    };

  // Every status of the selection's kinds: the service refuses, lead by lead, what does not fit.
  const kinds = new Set(leads.map((lead) => lead.kind));
  const statuses = ALL_STATUSES.filter((status) =>
    [...kinds].some((kind) => STATUSES_OF[kind].includes(status)),
  );

  return (
    <>
      <div role="status" className="bulk-outcome">
        {outcome && <Outcome {...outcome} />}
      </div>
      {leads.length > 0 && (
        <section className="bulk" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>{leads.length} selected</h2>
          <Problem id={`${id}-problem`} text={problem} />
          <div className="bulk-actions">
            <form
              className="assign"
              onSubmit={submit((form) => ({
                action: 'status',
                status: form.get('status') as LeadStatus,
              }))}
            >
              <div className="field">
                <label htmlFor={`${id}-status`}>New status</label>
                <select id={`${id}-status`} name="status">
                  {statuses.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" aria-disabled={busy}>
                Set status
              </button>
            </form>
            <form
              className="assign"
              onSubmit={submit((form) => ({
                action: 'owner',
                owner: (form.get('owner') as string) || null,
              }))}
            >
              <div className="field">
                <label htmlFor={`${id}-owner`}>Assign to</label>
                <OwnerChoices id={`${id}-owner`} me={me} />
              </div>
              <button type="submit" aria-disabled={busy}>
                Assign
              </button>
            </form>
            <div className="actions">
              <button
                type="button"
                className="secondary"
                aria-disabled={busy}
                onClick={() => void run({ action: spamView ? 'not-spam' : 'spam' })}
              >
                {spamView ? 'Not spam' : 'Mark as spam'}
              </button>
              <button
                type="button"
                className="secondary"
                aria-disabled={busy}
                onClick={() => !busy && onSettled([])}
              >
                Clear selection
              </button>
            </div>
          </div>
        </section>
      )}
    </>
  );
}

/**
 * Whom the leads can go to, as the service allows it: a member takes them or hands them to the
 * team; an admin also gives them to any active operator (enrolled, not disabled).
 */
function OwnerChoices({ id, me }: { id: string; me: Me }) {
  const admin = me.role === 'admin';
  // A member never reads the accounts (an admin's list); until it is read, an admin has these.
  const accounts = useAccountsQuery(undefined, { skip: !admin });
  const active = (accounts.data ?? []).filter((account) => account.enrolled && !account.disabled);
  // Drawn anew once the list is read, so the choice starts on the operator, never on "Nobody".
  return (
    <select key={active.length} id={id} name="owner" defaultValue={me.username}>
      {admin && active.length > 0 ? (
        active.map((account) => (
          <option key={account.username} value={account.username}>
            {account.username}
            {account.username === me.username ? ' (you)' : ''}
          </option>
        ))
      ) : (
        <option value={me.username}>Me</option>
      )}
      <option value={NOBODY}>Nobody (the team)</option>
    </select>
  );
}

/** "3 leads updated; 1 refused:" and each refused lead by name, with the service's reason. */
function Outcome({ updated, refusals }: { updated: number; refusals: Refusal[] }) {
  const done = `${updated} lead${updated === 1 ? '' : 's'} updated`;
  if (refusals.length === 0) return <p>{done}.</p>;
  return (
    <>
      <p>
        {done}; {refusals.length} refused:
      </p>
      <ul>
        {refusals.map((refusal) => (
          <li key={refusal.id}>
            <VisitorText text={refusal.name} />: {refusal.message}
          </li>
        ))}
      </ul>
    </>
  );
}
