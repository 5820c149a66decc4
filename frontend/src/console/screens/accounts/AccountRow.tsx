import { useEffect, useId, useRef, useState } from 'react';
import { problemText } from '../../api/console-api';
import {
  useResetAccountMutation,
  useDisableAccountMutation,
  useEnableAccountMutation,
  useSetAccountRoleMutation,
  type AccountInfo,
  type EnrolableAccount,
} from '../../api/admin-api';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
/** The same words as `leads users list` (contact-service/src/cli/commands/users.command.ts). */
const stateOf = (account: AccountInfo) => {
  if (account.disabled) return 'disabled';
  if (account.linked) return 'single sign-on';
  const state = account.enrolled ? 'active' : 'waiting for enrolment';
  return account.breakGlass ? `${state}, break-glass` : state;
};

/** What the page is told after a change: a sentence for its status region, or a problem. */
export interface RowOutcome {
  done(text: string, reset?: EnrolableAccount): void;
  failed(text: string): void;
}

type Confirming = 'reset' | 'disable' | null;

const QUESTIONS: Record<Exclude<Confirming, null>, (username: string) => string> = {
  reset: (username) =>
    `Reset ${username}? Their password, second factor and passkeys go at once, they are signed out, and they enrol again with a new link.`,
  disable: (username) =>
    `Disable ${username}? They are signed out everywhere at once and cannot sign in until an admin enables the account again.`,
};

/**
 * One account and what an admin may do to it. Reset and disable ask first, in the row itself:
 * a confirm button appears and takes the focus; cancelling returns it. One's own account has no
 * actions here, so that nobody locks themselves out (the service refuses them too).
 */
export function AccountRow({
  account,
  self,
  outcome,
}: {
  account: AccountInfo;
  self: boolean;
  outcome: RowOutcome;
}) {
  const id = useId();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [reset, resetState] = useResetAccountMutation();
  const [disable, disableState] = useDisableAccountMutation();
  const [enableAccount, enableState] = useEnableAccountMutation();
  const [setRole, roleState] = useSetAccountRoleMutation();
  const busy =
    resetState.isLoading || disableState.isLoading || enableState.isLoading || roleState.isLoading;
  const confirmButton = useRef<HTMLButtonElement>(null);
  const triggers = useRef<Partial<Record<'reset' | 'toggle', HTMLButtonElement | null>>>({});
  const { username } = account;

  // Focus goes back to the button that asked once the row is idle again (a busy one is disabled).
  const [refocus, setRefocus] = useState<'reset' | 'toggle' | null>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (!refocus || busy) return;
    triggers.current[refocus]?.focus();
    setRefocus(null);
  }, [refocus, busy]);

  const cancel = () => {
    setRefocus(confirming === 'reset' ? 'reset' : 'toggle');
    setConfirming(null);
  };
  // After a reset focus goes to the new link, after a failure to the problem: both take it.
  const confirm = async () => {
    if (confirming === 'reset') {
      const result = await reset(username);
      setConfirming(null);
      if ('error' in result) return outcome.failed(problemText(result.error));
      outcome.done(`${username} is reset and signed out: send them the new link.`, result.data);
    } else if (confirming === 'disable') {
      const result = await disable(username);
      setConfirming(null);
      if ('error' in result) return outcome.failed(problemText(result.error));
      setRefocus('toggle');
      outcome.done(`${username} is disabled: their sessions have ended.`);
    }
  };
  const enable = async () => {
    const result = await enableAccount(username);
    if ('error' in result) return outcome.failed(problemText(result.error));
    outcome.done(`${username} can sign in again.`);
  };
  const changeRole = async () => {
    const role = account.role === 'admin' ? 'member' : 'admin';
    const result = await setRole({ username, roleChange: { role } });
    if ('error' in result) return outcome.failed(problemText(result.error));
    outcome.done(
      `${username} is now ${role === 'admin' ? 'an admin' : 'a member'}: their sessions have ended.`,
    );
  };
  const named = (text: string) => (
    <>
      {text}
      <span className="visually-hidden"> {username}</span>
    </>
  );

  return (
    <tr>
      <th scope="row">{username}</th>
      <td>{account.role}</td>
      <td>{stateOf(account)}</td>
      <td>{when.format(new Date(account.createdAt))}</td>
      <td>
        {self ? (
          <span className="muted">Your account</span>
        ) : (
          <div className="row-actions">
            <button
              type="button"
              className="secondary"
              ref={(button) => void (triggers.current.reset = button)}
              aria-expanded={confirming === 'reset'}
              aria-controls={confirming === 'reset' ? `${id}-confirm` : undefined}
              disabled={busy}
              onClick={() => setConfirming(confirming === 'reset' ? null : 'reset')}
            >
              {named('Reset')}
            </button>
            <button
              type="button"
              className="secondary"
              ref={(button) => void (triggers.current.toggle = button)}
              aria-expanded={account.disabled ? undefined : confirming === 'disable'}
              aria-controls={confirming === 'disable' ? `${id}-confirm` : undefined}
              disabled={busy}
              onClick={() =>
                account.disabled
                  ? void enable()
                  : setConfirming(confirming === 'disable' ? null : 'disable')
              }
            >
              {named(account.disabled ? 'Enable' : 'Disable')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void changeRole()}
            >
              {named(account.role === 'admin' ? 'Make member' : 'Make admin')}
            </button>
          </div>
        )}
        {confirming && (
          <div id={`${id}-confirm`} className="confirm" role="group" aria-labelledby={`${id}-q`}>
            <p id={`${id}-q`}>{QUESTIONS[confirming](username)}</p>
            <div className="actions">
              <button
                type="button"
                className="danger"
                ref={confirmButton}
                disabled={busy}
                onClick={() => void confirm()}
              >
                {confirming === 'reset' ? 'Confirm reset' : 'Confirm disable'}
                <span className="visually-hidden"> of {username}</span>
              </button>
              <button type="button" className="secondary" onClick={cancel}>
                Cancel
              </button>
            </div>
          </div>
        )}
      </td>
    </tr>
  );
}
