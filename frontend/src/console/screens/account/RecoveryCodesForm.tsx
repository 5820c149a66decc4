import { useState, type FormEvent } from 'react';
import { problemText, useNewRecoveryCodesMutation } from '../../api/console-api';
import { formText } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { RecoveryCodeList } from '../../ui/RecoveryCodeList';
import { CodeField, PasswordField } from '../../ui/secret-fields';

const PROBLEM_ID = 'recovery-problem';

/** Ten new recovery codes, for when the old ones are used up or exposed; the old ones stop. */
export function RecoveryCodesForm() {
  const [replace, { data, isLoading }] = useNewRecoveryCodesMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = formText(form);
    const result = await replace({ password: text('password'), code: text('code') });
    setProblem('error' in result ? problemText(result.error) : null);
    if (!('error' in result)) form.reset();
  };

  const problemId = problem ? PROBLEM_ID : undefined;
  return (
    <section aria-labelledby="recovery-title" className="panel">
      <h2 id="recovery-title">Recovery codes</h2>
      <p>New codes replace all the ones you have now.</p>
      <Problem id={PROBLEM_ID} text={problem} />
      {data && <RecoveryCodeList codes={data.recoveryCodes} />}
      <form onSubmit={submit} className="stack" noValidate>
        <PasswordField problemId={problemId} />
        <CodeField problemId={problemId} />
        <button type="submit" disabled={isLoading}>
          Make new recovery codes
        </button>
      </form>
    </section>
  );
}
