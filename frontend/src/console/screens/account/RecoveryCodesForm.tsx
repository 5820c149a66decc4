import { useState, type FormEvent } from 'react';
import { problemText, useNewRecoveryCodesMutation } from '../../api/console-api';
import { Field } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { RecoveryCodeList } from '../../ui/RecoveryCodeList';
import { PASSWORD_FIELD_MAX } from '../../ui/password-rule';

const PROBLEM_ID = 'recovery-problem';

/** Ten new recovery codes, for when the old ones are used up or exposed; the old ones stop. */
export function RecoveryCodesForm() {
  const [replace, { data, isLoading }] = useNewRecoveryCodesMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const result = await replace({
      password: String(fields.get('password') ?? ''),
      code: String(fields.get('code') ?? ''),
    });
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
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_FIELD_MAX}
          problemId={problemId}
        />
        <Field
          label="Code from your app"
          name="code"
          autoComplete="one-time-code"
          maxLength={32}
          problemId={problemId}
        />
        <button type="submit" disabled={isLoading}>
          Make new recovery codes
        </button>
      </form>
    </section>
  );
}
