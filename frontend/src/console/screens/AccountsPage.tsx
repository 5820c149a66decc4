import { problemText, useAccountsQuery } from '../api/console-api';
import { PageHeading } from '../ui/PageHeading';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const stateOf = (account: { enrolled: boolean; disabled: boolean }) =>
  account.disabled ? 'disabled' : account.enrolled ? 'active' : 'waiting for enrolment';

/** For admins: every account, its role and state (changed with `leads users` on the server). */
export function AccountsPage() {
  const accounts = useAccountsQuery();
  return (
    <>
      <PageHeading>Accounts</PageHeading>
      <p>
        Accounts are added, reset, disabled and given roles on the server with{' '}
        <code>leads users</code>; the owner of a new account enrols through the link it prints.
      </p>
      {accounts.isLoading && <p role="status">Loading…</p>}
      {accounts.isError && <p role="alert">{problemText(accounts.error)}</p>}
      {accounts.data && (
        <table>
          <caption className="visually-hidden">Every account of the console</caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
              <th scope="col">Added</th>
            </tr>
          </thead>
          <tbody>
            {accounts.data.map((account) => (
              <tr key={account.id}>
                <td>{account.username}</td>
                <td>{account.role}</td>
                <td>{stateOf(account)}</td>
                <td>{when.format(new Date(account.createdAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
