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
