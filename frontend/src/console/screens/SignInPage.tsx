import { startAuthentication } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  passkeyProblemText,
  problemText,
  useSignInMutation,
  useSignInPasskeyOptionsMutation,
  type Credentials,
} from '../api/console-api';
import { Field } from '../ui/Field';
import { PageHeading } from '../ui/PageHeading';
import { Problem } from '../ui/Problem';

const PROBLEM_ID = 'sign-in-problem';

/**
 * Username and password, then a code from the authenticator app (or a recovery code) or a
 * passkey. The service checks all three together and answers every failure with one sentence,
 * so this screen cannot tell, and never says, which of them was wrong.
 */
export function SignInPage() {
  const [, navigate] = useLocation();
  const [signIn, { isLoading }] = useSignInMutation();
  const [passkeyOptions] = useSignInPasskeyOptionsMutation();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const toCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setStep('code');
  };

  const attempt = async (factor: { code: string } | { passkey: string }) => {
    const result = await signIn({ username, password, ...factor } as Credentials);
    if ('error' in result) {
      setPassword('');
      setStep('password');
      setProblem(problemText(result.error));
      return;
    }
    navigate('/');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await attempt({ code: String(new FormData(event.currentTarget).get('code') ?? '') });
  };

  /** The browser asks for one of this console's passkeys; its answer goes with the password. */
  const signInWithPasskey = async () => {
    setProblem(null);
    const options = await passkeyOptions();
    if ('error' in options) return setProblem(problemText(options.error));
    try {
      const answer = await startAuthentication({ optionsJSON: options.data });
      await attempt({ passkey: JSON.stringify(answer) });
    } catch (error) {
      setProblem(passkeyProblemText(error));
    }
  };

  const problemId = problem ? PROBLEM_ID : undefined;
  return (
    <>
      <PageHeading>{step === 'password' ? 'Sign in' : 'Enter your code'}</PageHeading>
      <Problem id={PROBLEM_ID} text={problem} />
      {step === 'password' ? (
        <form onSubmit={toCode} className="stack" noValidate>
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            problemId={problemId}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={1024}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            problemId={problemId}
          />
          <button type="submit">Continue</button>
        </form>
      ) : (
        <form onSubmit={submit} className="stack" noValidate>
          <Field
            label="Code"
            name="code"
            hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
          />
          <div className="actions">
            <button type="submit" disabled={isLoading}>
              {isLoading ? 'Signing in…' : 'Sign in'}
            </button>
            <button type="button" className="secondary" onClick={() => void signInWithPasskey()}>
              Use a passkey instead
            </button>
            <button type="button" className="secondary" onClick={() => setStep('password')}>
              Back
            </button>
          </div>
        </form>
      )}
    </>
  );
}
