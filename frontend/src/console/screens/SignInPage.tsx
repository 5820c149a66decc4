import { startAuthentication } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  passkeyProblemText,
  problemText,
  SSO_START,
  useSignInMutation,
  useSignInPasskeyOptionsMutation,
  useSsoOfferQuery,
  type Credentials,
} from '../api/console-api';
import { Field, formText } from '../ui/Field';
import { PageHeading } from '../ui/PageHeading';
import { Problem } from '../ui/Problem';
import { CodeField, PasswordField } from '../ui/secret-fields';

const PROBLEM_ID = 'sign-in-problem';

/**
 * Why a sign-in through the provider came back refused (`?sso=`, the service's reasons in
 * contact-service/src/operators/sso/sso-rules.ts), and what the person can do about it.
 */
export function ssoRefusalText(reason: string, provider: string): string | null {
  switch (reason) {
    case 'expired':
      return 'That sign-in took too long or was used already. Sign in again.';
    case 'failed':
      return `The sign-in through ${provider} could not be completed. Try again; if it fails again, ask an admin of this console.`;
    case 'domain':
      return `Your ${provider} account cannot sign in here: this console takes only verified addresses at your company’s domains. Ask an admin of this console if you should have access.`;
    case 'group':
      return `Your ${provider} account is in none of the groups that give access to this console. Ask your company’s identity provider administrators to add you to the console’s group.`;
    case 'mfa':
      return `This console needs a sign-in with multi-factor authentication at ${provider}. Sign in again with your second factor, or ask your company’s identity provider administrators to set one up.`;
    case 'disabled':
      return 'Your console account is disabled. Ask an admin of this console.';
    case 'unavailable':
      return `${provider} cannot be reached just now. Try again in a few minutes.`;
    case 'off':
      return 'Single sign-on is not set up for this console. Sign in with your username and password.';
    default:
      return null;
  }
}

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
  // A sign-in through the provider that came back refused, until the next attempt here.
  const { data: offer } = useSsoOfferQuery();
  const refusal = new URLSearchParams(useSearch()).get('sso');
  const [refusalSeen, setRefusalSeen] = useState(false);
  const shownProblem =
    problem ??
    (refusal && offer && !refusalSeen
      ? ssoRefusalText(refusal, offer.provider ?? 'your identity provider')
      : null);

  const toCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setRefusalSeen(true);
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
    await attempt({ code: formText(event.currentTarget)('code') });
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

  const problemId = shownProblem ? PROBLEM_ID : undefined;
  return (
    <>
      <PageHeading>{step === 'password' ? 'Sign in' : 'Enter your code'}</PageHeading>
      <Problem id={PROBLEM_ID} text={shownProblem} />
      {step === 'password' && offer?.provider && (
        <p className="actions">
          <a className="button" href={SSO_START}>
            Sign in with {offer.provider}
          </a>
        </p>
      )}
      {step === 'password' && offer?.provider && (
        <h2>{offer.required ? 'Break-glass sign-in' : 'Or with your username and password'}</h2>
      )}
      {step === 'password' && offer?.required && (
        <p>
          Only for break-glass accounts, when {offer.provider} cannot be used. The admins are told
          of every such sign-in.
        </p>
      )}
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
          <PasswordField
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            problemId={problemId}
          />
          <button type="submit">Continue</button>
        </form>
      ) : (
        <form onSubmit={submit} className="stack" noValidate>
          <CodeField
            label="Code"
            hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
            autoCapitalize="none"
            spellCheck={false}
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
