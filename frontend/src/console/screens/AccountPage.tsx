import { type Me } from '../api/console-api';
import { PageHeading } from '../ui/PageHeading';
import { LeadPreferencesSection } from './account/LeadPreferences';
import { PasskeyList } from './account/PasskeyList';
import { PasswordForm } from './account/PasswordForm';
import { RecoveryCodesForm } from './account/RecoveryCodesForm';
import { SessionList } from './account/SessionList';

/**
 * The operator's own account: how leads reach them, where they are signed in, their password,
 * passkeys and recovery codes.
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
      <PasswordForm username={me.username} />
      <PasskeyList />
      <RecoveryCodesForm />
    </>
  );
}
