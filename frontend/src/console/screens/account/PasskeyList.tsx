import { startRegistration } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import {
  passkeyProblemText,
  problemText,
  useAddPasskeyMutation,
  usePasskeyOptionsMutation,
  usePasskeysQuery,
  useRemovePasskeyMutation,
  type PasskeyCreationOptions,
} from '../../api/console-api';
import { Field, formText } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { CodeField, PasswordField } from '../../ui/secret-fields';
import { ACTION_COLUMN, ColumnHeads } from '../../ui/ColumnHeads';

const PROBLEM_ID = 'passkey-problem';
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The operator's passkeys: each may replace the code at sign-in. Adding one asks for the password
 * and a code (a new factor is a change of the account's security), then the browser's prompt.
 */
export function PasskeyList() {
  const passkeys = usePasskeysQuery();
  const [options] = usePasskeyOptionsMutation();
  const [add, { isLoading }] = useAddPasskeyMutation();
  const [remove] = useRemovePasskeyMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = formText(form);
    setProblem(null);
    setAdded(null);
    const made = await options();
    if ('error' in made) return setProblem(problemText(made.error));
    let passkey: string;
    try {
      passkey = JSON.stringify(
        await startRegistration({ optionsJSON: made.data as PasskeyCreationOptions }),
      );
    } catch (error) {
      return setProblem(passkeyProblemText(error));
    }
    const name = text('name');
    const result = await add({ name, password: text('password'), code: text('code'), passkey });
    if ('error' in result) return setProblem(problemText(result.error));
    form.reset();
    setAdded(`The passkey ${name.trim() || 'Passkey'} is added.`);
  };

  const problemId = problem ? PROBLEM_ID : undefined;
  return (
    <section aria-labelledby="passkeys-title" className="panel">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>A passkey can take the place of the code when you sign in.</p>
      {passkeys.isError && <p role="alert">{problemText(passkeys.error)}</p>}
      {passkeys.data && passkeys.data.length === 0 && <p>You have no passkey yet.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <table>
          <caption className="visually-hidden">Your passkeys</caption>
          <ColumnHeads names={['Name', 'Added', 'Last used', ACTION_COLUMN]} />
          <tbody>
            {passkeys.data.map((passkey) => (
              <tr key={passkey.id}>
                <td>{passkey.name}</td>
                <td>{when.format(new Date(passkey.createdAt))}</td>
                <td>{passkey.lastUsedAt ? when.format(new Date(passkey.lastUsedAt)) : 'Never'}</td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => void remove(passkey.id)}
                  >
                    Remove<span className="visually-hidden"> the passkey {passkey.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Problem id={PROBLEM_ID} text={problem} />
      {added && <p role="status">{added}</p>}
      <form onSubmit={submit} className="stack" noValidate>
        <Field
          label="Name for this passkey"
          name="name"
          hint="So that you can tell your passkeys apart, e.g. Work laptop."
          maxLength={100}
          required={false}
        />
        <PasswordField problemId={problemId} />
        <CodeField problemId={problemId} />
        <button type="submit" disabled={isLoading}>
          Add a passkey
        </button>
      </form>
    </section>
  );
}
