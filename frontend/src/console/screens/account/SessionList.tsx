import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  problemText,
  useEndSessionMutation,
  useSessionsQuery,
  useSignOutEverywhereMutation,
} from '../../api/console-api';
import { Problem } from '../../ui/Problem';
import { ACTION_COLUMN, ColumnHeads } from '../../ui/ColumnHeads';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Where this account is signed in, with a way to end any of it. */
export function SessionList() {
  const [, navigate] = useLocation();
  const sessions = useSessionsQuery();
  const [endSession] = useEndSessionMutation();
  const [signOutEverywhere] = useSignOutEverywhereMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const end = async (ref: string) => {
    const result = await endSession(ref);
    setProblem('error' in result ? problemText(result.error) : null);
  };
  const everywhere = async () => {
    const result = await signOutEverywhere();
    if ('error' in result) setProblem(problemText(result.error));
    else navigate('/sign-in');
  };

  return (
    <section aria-labelledby="sessions-title" className="panel">
      <h2 id="sessions-title">Where you are signed in</h2>
      <Problem id="sessions-problem" text={problem} />
      {sessions.isError && <p role="alert">{problemText(sessions.error)}</p>}
      {sessions.data && (
        <table>
          <caption className="visually-hidden">Your sessions, newest first</caption>
          <ColumnHeads names={['Browser', 'Signed in', 'Last active', ACTION_COLUMN]} />
          <tbody>
            {sessions.data.map((session) => (
              <tr key={session.ref}>
                <td>
                  {session.userAgent ?? 'Unknown browser'}
                  {session.current && <strong> (this browser)</strong>}
                </td>
                <td>{when.format(new Date(session.createdAt))}</td>
                <td>{when.format(new Date(session.lastSeenAt))}</td>
                <td>
                  {!session.current && (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => void end(session.ref)}
                    >
                      End
                      <span className="visually-hidden">
                        {' '}
                        the session signed in {when.format(new Date(session.createdAt))}
                      </span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="secondary" onClick={() => void everywhere()}>
        Sign out everywhere
      </button>
    </section>
  );
}
