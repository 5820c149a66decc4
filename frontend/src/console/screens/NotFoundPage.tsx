import { Link } from 'wouter';
import { PageHeading } from '../ui/PageHeading';

export function NotFoundPage() {
  return (
    <>
      <PageHeading>There is no such screen</PageHeading>
      <p>
        <Link href="/">Go to the start of the console</Link>
      </p>
    </>
  );
}

/** A member who followed a link to an admin's screen; the API refuses them too (403). */
export function AdminsOnlyPage() {
  return (
    <>
      <PageHeading>Only admins see this screen</PageHeading>
      <p>
        <Link href="/account">Go to your account</Link>
      </p>
    </>
  );
}
