import { useRef, useState } from 'react';
import { problemText, useMeQuery } from '../api/console-api';
import { useAccountsQuery } from '../api/admin-api';
import { PageHeading } from '../ui/PageHeading';
import { Problem } from '../ui/Problem';
import { AccountRow, type RowOutcome } from './accounts/AccountRow';
import { AddAccountForm } from './accounts/AddAccountForm';
import { EnrolmentLink, type ShownLink } from './accounts/EnrolmentLink';
import { ColumnHeads } from '../ui/ColumnHeads';

/**
 * For admins: every account, its role and state, and what `leads users` does but adding the first
 * admin: add an account (its enrolment link is shown once), reset, disable, enable, change a
 * role. What each change did is announced in the status region; a refusal is shown as a problem.
 */
export function AccountsPage() {
  const accounts = useAccountsQuery();
  const me = useMeQuery();
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownLink | null>(null);
  const addHeading = useRef<HTMLHeadingElement>(null);

  const outcome: RowOutcome = {
    done(text, reset) {
      setProblem(null);
      setAnnouncement(text);
      if (reset) setShown({ username: reset.account.username, link: reset.link, reset: true });
    },
    failed(text) {
      setAnnouncement('');
      setProblem(text);
    },
  };
  const hide = () => {
    setShown(null);
    setAnnouncement('The link is hidden.');
    addHeading.current?.focus();
  };

  return (
    <>
      <PageHeading>Accounts</PageHeading>
      <p>
        Every operator has an account of their own; there is no sign-up. Add one here and send its
        owner the enrolment link, with which they set a password and a second factor. You cannot
        disable, reset or change the role of your own account here: another admin can, or{' '}
        <code>leads users</code> on the server.
      </p>
      <p role="status">{announcement}</p>
      {shown && <EnrolmentLink {...shown} onHide={hide} />}
      <AddAccountForm
        headingRef={addHeading}
        onAdded={({ account, link }) => {
          setProblem(null);
          setAnnouncement(`${account.username} is added as ${account.role}.`);
          setShown({ username: account.username, link, reset: false });
        }}
      />
      <section aria-labelledby="accounts-title">
        <h2 id="accounts-title">Every account</h2>
        <Problem id="accounts-problem" text={problem} />
        {accounts.isLoading && <p>Loading…</p>}
        {accounts.isError && (
          <p role="alert" className="problem">
            {problemText(accounts.error)}
          </p>
        )}
        {accounts.data && (
          <table className="accounts">
            <caption className="visually-hidden">
              Every account of the console, with what you can do to each
            </caption>
            <ColumnHeads names={['Username', 'Role', 'State', 'Added', 'Actions']} />
            <tbody>
              {accounts.data.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  self={account.username === me.data?.username}
                  outcome={outcome}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
