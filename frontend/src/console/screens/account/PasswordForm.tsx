import { useChangePasswordMutation } from '../../api/console-api';
import { Problem } from '../../ui/Problem';
import { AccountName, CodeField, NewPasswordField, PasswordField } from '../../ui/secret-fields';
import { useFormRequest } from '../../ui/use-form-request';

const PROBLEM_ID = 'password-problem';

/** A new password, confirmed by the current one and a code; the other sessions end. */
export function PasswordForm({ username }: { username: string }) {
  const [change, { isLoading }] = useChangePasswordMutation();
  const { problem, succeeded, submit } = useFormRequest((text) =>
    change({
      password: text('password'),
      code: text('code'),
      newPassword: text('newPassword'),
    }),
  );

  const problemId = problem ? PROBLEM_ID : undefined;
  return (
    <section aria-labelledby="password-title" className="panel">
      <h2 id="password-title">Change your password</h2>
      <Problem id={PROBLEM_ID} text={problem} />
      {succeeded && <p role="status">Your password is changed. Your other sessions have ended.</p>}
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
