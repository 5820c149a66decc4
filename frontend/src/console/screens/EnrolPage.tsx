import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  problemText,
  useFinishEnrolmentMutation,
  useOpenEnrolmentMutation,
} from '../api/console-api';
import { PageHeading } from '../ui/PageHeading';
import { formText } from '../ui/Field';
import { Problem } from '../ui/Problem';
import { QrCode } from '../ui/QrCode';
import { RecoveryCodeList } from '../ui/RecoveryCodeList';
import { AccountName, CodeField, NewPasswordField } from '../ui/secret-fields';

const PROBLEM_ID = 'enrol-problem';

/**
 * The token arrives after `#` in the link `leads users add` printed, which the browser never sends
 * to a server; it is taken out of the address bar at once so it stays in no history entry.
 */
function takeToken(): string {
  const token = window.location.hash.slice(1);
  if (token) history.replaceState(null, '', window.location.pathname);
  return token;
}

/** Groups of four, as authenticator apps show a secret to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function EnrolPage() {
  const [token] = useState(takeToken);
  const [open, opened] = useOpenEnrolmentMutation();
  const [finish, finished] = useFinishEnrolmentMutation();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (token) void open({ token });
  }, [open, token]);

  if (finished.data) {
    return (
      <>
        <PageHeading>Your account is ready</PageHeading>
        <RecoveryCodeList codes={finished.data.recoveryCodes} />
        <p>
          <Link href="/account">Continue to your account</Link>
        </p>
      </>
    );
  }
  if (!token || opened.isError) {
    return (
      <>
        <PageHeading>This link does not work</PageHeading>
        <p role="alert">
          {token
            ? problemText(opened.error)
            : 'Open the whole link you were sent, including the part after #.'}
        </p>
        <p>Ask an administrator for a new link.</p>
      </>
    );
  }
  if (!opened.data) {
    return (
      <>
        <PageHeading>Set up your account</PageHeading>
        <p role="status">Opening your link…</p>
      </>
    );
  }

  const { username, totpUri, totpSecret } = opened.data;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = formText(event.currentTarget);
    const result = await finish({ token, password: text('password'), code: text('code') });
    setProblem('error' in result ? problemText(result.error) : null);
  };
  const problemId = problem ? PROBLEM_ID : undefined;
  return (
    <>
      <PageHeading>Set up your account</PageHeading>
      <p>
        You are setting up the account <strong>{username}</strong>: a password, and an authenticator
        app for the second step of every sign-in.
      </p>
      <Problem id={PROBLEM_ID} text={problem} />
      <form onSubmit={submit} className="stack" noValidate>
        {/* For password managers: the account the new password belongs to. */}
        <AccountName username={username} />
        <NewPasswordField
          name="password"
          hint="A phrase of several unrelated words is strong and easy to remember."
          problemId={problemId}
        />
        <section aria-labelledby="app-title" className="panel">
          <h2 id="app-title">Your authenticator app</h2>
          <p>Scan this code with an authenticator app, or type the key below into it.</p>
          <QrCode text={totpUri} label={`QR code to add ${username} to an authenticator app`} />
          <p>
            Key: <code className="secret">{grouped(totpSecret)}</code>
          </p>
        </section>
        <CodeField
          label="Code from the app"
          hint="The 6-digit code the app shows for this account."
          inputMode="numeric"
          problemId={problemId}
        />
        <button type="submit" disabled={finished.isLoading}>
          {finished.isLoading ? 'Setting up…' : 'Finish setting up'}
        </button>
      </form>
    </>
  );
}
