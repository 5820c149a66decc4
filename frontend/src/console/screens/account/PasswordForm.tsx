import { useState, type FormEvent } from 'react';
import { problemText, useChangePasswordMutation } from '../../api/console-api';
import { formText } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { AccountName, CodeField, NewPasswordField, PasswordField } from '../../ui/secret-fields';

const PROBLEM_ID = 'password-problem';

/** A new password, confirmed by the current one and a code; the other sessions end. */
export function PasswordForm({ username }: { username: string }) {
  const [change, { isLoading }] = useChangePasswordMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = formText(form);
    const result = await change({
      password: text('password'),
      code: text('code'),
      newPassword: text('newPassword'),
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
        <AccountName username={username} />
        <PasswordField label="Current password" problemId={problemId} />
        <CodeField
          label="Code"
          hint="From your authenticator app, or a recovery code."
          problemId={problemId}
        />
        <NewPasswordField problemId={problemId} />
        <button type="submit" disabled={isLoading}>
          Change password
        </button>
      </form>
    </section>
  );
}
