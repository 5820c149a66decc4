import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useMeQuery, type Me } from '../api/console-api';
import { AccountPage } from '../screens/AccountPage';
import { AccountsPage } from '../screens/AccountsPage';
import { AuditPage } from '../screens/AuditPage';
import { EnrolPage } from '../screens/EnrolPage';
import { DeliveriesPage } from '../screens/inbox/DeliveriesPage';
import { ErasurePage } from '../screens/inbox/ErasurePage';
import { InboxPage } from '../screens/inbox/InboxPage';
import { LeadPage } from '../screens/inbox/LeadPage';
import { OverviewPage } from '../screens/inbox/OverviewPage';
import { SourcesPage } from '../screens/inbox/SourcesPage';
import { AdminsOnlyPage, NotFoundPage } from '../screens/NotFoundPage';
import { SignInPage } from '../screens/SignInPage';
import { ConsoleLayout } from './ConsoleLayout';
import type { createConsoleStore } from './store';

/** Screens for the signed-in only: anyone else is sent to sign in (the API refuses them anyway). */
function SignedIn({ screen }: { screen: (me: Me) => React.ReactNode }) {
  const me = useMeQuery();
  // Right after a sign-in the answer is being read again: the old "nobody" must not redirect.
  if (me.isLoading || (me.isFetching && !me.data)) return <p role="status">Loading…</p>;
  if (me.isError)
    return <p role="alert">The console could not reach the service. Reload to try again.</p>;
  if (!me.data) return <Redirect to="/sign-in" replace />;
  return <>{screen(me.data)}</>;
}

/** An admins' screen: a member who opens it is told it is for admins. */
const forAdmins = (Screen: ComponentType) => (me: Me) =>
  me.role === 'admin' ? <Screen /> : <AdminsOnlyPage />;

export function ConsoleApp({ store }: { store: ReturnType<typeof createConsoleStore> }) {
  return (
    <Provider store={store}>
      <Router base="/console">
        <ConsoleLayout>
          <Switch>
            <Route path="/sign-in" component={SignInPage} />
            <Route path="/enrol" component={EnrolPage} />
            <Route path="/account">
              <SignedIn screen={(me) => <AccountPage me={me} />} />
            </Route>
            <Route path="/admin/accounts">
              <SignedIn screen={forAdmins(AccountsPage)} />
            </Route>
            <Route path="/admin/audit">
              <SignedIn screen={forAdmins(AuditPage)} />
            </Route>
            <Route path="/admin/erasure">
              <SignedIn screen={forAdmins(ErasurePage)} />
            </Route>
            <Route path="/leads/:id">
              {({ id }: { id: string }) => (
                <SignedIn screen={(me) => <LeadPage key={id} id={id} me={me} />} />
              )}
            </Route>
            <Route path="/overview">
              <SignedIn screen={() => <OverviewPage />} />
            </Route>
            <Route path="/sources">
              <SignedIn screen={() => <SourcesPage />} />
            </Route>
            <Route path="/deliveries">
              <SignedIn screen={() => <DeliveriesPage />} />
            </Route>
            <Route path="/">
              <SignedIn screen={(me) => <InboxPage me={me} />} />
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </ConsoleLayout>
      </Router>
    </Provider>
  );
}
