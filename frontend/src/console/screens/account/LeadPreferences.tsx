import { useId, useState, type FormEvent } from 'react';
import {
  problemText,
  useLeadPreferencesQuery,
  useSetLeadPreferencesMutation,
  type LeadPreferences,
} from '../../api/console-api';
import { Field } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { QueryState } from '../../ui/QueryState';

const PROBLEM_ID = 'lead-preferences-problem';

/** An empty field is "none": no address for reminders, not away. */
const textOrNull = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * How leads reach the operator: the address their reminders go to, whether new leads are given
 * to them in turn, and a day until which they are away (and given none). Saved as a whole.
 */
export function LeadPreferencesSection() {
  const id = useId();
  const preferences = useLeadPreferencesQuery();
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>Leads</h2>
      <p>How new leads and the reminders about your leads reach you.</p>
      <QueryState query={preferences} />
      {preferences.data && <LeadPreferencesForm stored={preferences.data} />}
    </section>
  );
}

/** The form, filled with what is stored; it stays as typed after a save. */
function LeadPreferencesForm({ stored }: { stored: LeadPreferences }) {
  const [save, { isLoading }] = useSetLeadPreferencesMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    setSaved(false);
    const result = await save({
      email: textOrNull(fields.get('email')),
      autoAssign: fields.get('autoAssign') === 'on',
      awayUntil: textOrNull(fields.get('awayUntil')),
    });
    setProblem('error' in result ? problemText(result.error) : null);
    setSaved(!('error' in result));
  };

  const problemId = problem ? PROBLEM_ID : undefined;
  return (
    <>
      <Problem id={PROBLEM_ID} text={problem} />
      <p role="status">{saved ? 'Saved.' : ''}</p>
      <form onSubmit={(event) => void submit(event)} className="stack" noValidate>
        <Field
          label="Email for reminders"
          name="email"
          type="email"
          autoComplete="email"
          hint="Reminders about the leads you own are sent here, and escalations too if you are an admin. Left empty, your reminders go to the team."
          maxLength={254}
          defaultValue={stored.email ?? ''}
          required={false}
          problemId={problemId}
        />
        <div className="checks">
          <label>
            <input name="autoAssign" type="checkbox" defaultChecked={stored.autoAssign} /> Give me
            new leads in turn (automatic assignment)
          </label>
        </div>
        <Field
          label="Away until (no leads are given to you until then)"
          name="awayUntil"
          type="date"
          defaultValue={stored.awayUntil ?? ''}
          required={false}
          problemId={problemId}
        />
        <button type="submit" disabled={isLoading}>
          Save
        </button>
      </form>
    </>
  );
}
