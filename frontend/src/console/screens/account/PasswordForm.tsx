import { useState, type FormEvent } from 'react';
import { problemText, useChangePasswordMutation } from '../../api/console-api';
import { Field } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { PASSWORD_FIELD_MAX, PASSWORD_HINT, PASSWORD_MIN } from '../../ui/password-rule';

const PROBLEM_ID = 'password-problem';

/** A new password, confirmed by the current one and a code; the other sessions end. */
export function PasswordForm({ username }: { username: string }) {
  const [change, { isLoading }] = useChangePasswordMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const result = await change({
      password: String(fields.get('password') ?? ''),
      code: String(fields.get('code') ?? ''),
      newPassword: String(fields.get('newPassword') ?? ''),
    });
    const failed = 'error' in result;
    setProblem(failed ? problemText(result.error) : null);
    setDone(!failed);
    if (!failed) form.reset();
  };

  const problemId = problem ? PROBLEM_ID : undefined;
  return (
    <section aria-labelledby="password-title" className="panel">
      <h2 id="password-title">Change your password</h2>
      <Problem id={PROBLEM_ID} text={problem} />
      {done && <p role="status">Your password is changed. Your other sessions have ended.</p>}
      <form onSubmit={submit} className="stack" noValidate>
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        <Field
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_FIELD_MAX}
          problemId={problemId}
        />
        <Field
          label="Code"
          name="code"
          hint="From your authenticator app, or a recovery code."
          autoComplete="one-time-code"
          maxLength={32}
          problemId={problemId}
        />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_FIELD_MAX}
          problemId={problemId}
        />
        <button type="submit" disabled={isLoading}>
          Change password
        </button>
      </form>
    </section>
  );
}
