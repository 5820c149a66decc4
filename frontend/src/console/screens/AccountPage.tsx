import { type Me } from '../api/console-api';
import { PageHeading } from '../ui/PageHeading';
import { LeadPreferencesSection } from './account/LeadPreferences';
import { PasskeyList } from './account/PasskeyList';
import { PasswordForm } from './account/PasswordForm';
import { RecoveryCodesForm } from './account/RecoveryCodesForm';
import { SessionList } from './account/SessionList';

/**
 * The operator's own account: how leads reach them, where they are signed in, their password,
 * passkeys and recovery codes (an account that signs in through the provider has none here).
 */
export function AccountPage({ me }: { me: Me }) {
  return (
    <>
      <PageHeading>Your account</PageHeading>
      <p>
        Signed in as <strong>{me.username}</strong> (
        {me.role === 'admin' ? 'administrator' : 'member'}).
      </p>
      <LeadPreferencesSection />
      <SessionList />
      {me.hasPassword ? (
        <>
          <PasswordForm username={me.username} />
          <PasskeyList />
          <RecoveryCodesForm />
        </>
      ) : (
        <section aria-labelledby="sign-in-title" className="panel">
          <h2 id="sign-in-title">How you sign in</h2>
          <p>
            Through your company’s single sign-on: your password and second factor are those of your
            company’s account, and you change them there. This console keeps none for you.
          </p>
        </section>
      )}
    </>
  );
}
