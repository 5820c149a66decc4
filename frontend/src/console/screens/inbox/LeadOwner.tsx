import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAccountsQuery } from '../../api/admin-api';
import { problemText, type Me } from '../../api/console-api';
import { useSetOwnerMutation, type Lead } from '../../api/inbox-api';
import { Problem } from '../../ui/Problem';
import { VisitorText } from '../../ui/VisitorText';

/**
 * Who works the lead. A member takes an unowned lead and hands their own back; an admin also
 * assigns it to any active operator and hands back anyone's (the service checks the same rules).
 * After a change it is announced, and focus goes to the section's first action once the lead
 * reads the new owner: the button pressed is gone by then, replaced (as on the accounts screen,
 * where a toggled button keeps the focus).
 */
export function LeadOwner({ lead, me }: { lead: Lead; me: Me }) {
  const id = useId();
  const admin = me.role === 'admin';
  const mine = lead.owner === me.username;
  const [setOwner, state] = useSetOwnerMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const actions = useRef<HTMLDivElement>(null);
  // The owner the service answered, until the lead on screen reads it too.
  const [awaited, setAwaited] = useState<{ owner: string | null } | null>(null);
  useEffect(() => {
    if (!awaited || awaited.owner !== lead.owner) return;
    actions.current?.querySelector('button')?.focus();
    setAwaited(null);
  }, [awaited, lead.owner]);

  const change = async (owner: string | null, said: string) => {
    setProblem(null);
    setDone('');
    const result = await setOwner({ id: lead.id, ownerBody: { owner } });
    if ('error' in result) return setProblem(problemText(result.error));
    setDone(said);
    setAwaited({ owner: result.data.owner });
  };
  const busy = state.isLoading;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Owner</h2>
      <p>
        {lead.owner === null ? (
          'Nobody owns this lead yet: it is the team’s.'
        ) : mine ? (
          'You own this lead.'
        ) : (
          <>
            <VisitorText text={lead.owner} /> owns this lead.
          </>
        )}
      </p>
      <Problem id={`${id}-problem`} text={problem} />
      <p role="status">{done}</p>
      <div className="actions" ref={actions}>
        {lead.owner === null && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void change(me.username, 'You own this lead now.')}
          >
            Take this lead
          </button>
        )}
        {(mine || (admin && lead.owner !== null)) && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => void change(null, 'The lead is back with the team.')}
          >
            Hand back to the team
          </button>
        )}
      </div>
      {admin && (
        <AssignForm
          owner={lead.owner}
          me={me.username}
          busy={busy}
          onAssign={(username) => void change(username, `The lead is assigned to ${username}.`)}
        />
      )}
    </section>
  );
}

/** An admin's choice among the active operators (enrolled, not disabled) but the owner. */
function AssignForm({
  owner,
  me,
  busy,
  onAssign,
}: {
  owner: string | null;
  me: string;
  busy: boolean;
  onAssign: (username: string) => void;
}) {
  const id = useId();
  const accounts = useAccountsQuery();
  if (accounts.isLoading) return <p role="status">Loading the operators…</p>;
  if (accounts.isError) {
    return (
      <p role="alert" className="problem">
        {problemText(accounts.error)}
      </p>
    );
  }
  const choices = (accounts.data ?? []).filter(
    (account) => account.enrolled && !account.disabled && account.username !== owner,
  );
  if (choices.length === 0) return <p>There is no other active operator to assign it to.</p>;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = new FormData(event.currentTarget).get('owner');
    if (typeof username === 'string' && username) onAssign(username);
  };
  return (
    <form className="assign" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-owner`}>Assign to</label>
        <select id={`${id}-owner`} name="owner" defaultValue={choices[0]?.username}>
          {choices.map((account) => (
            <option key={account.username} value={account.username}>
              {account.username}
              {account.username === me ? ' (you)' : ''}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={busy}>
        Assign
      </button>
    </form>
  );
}
