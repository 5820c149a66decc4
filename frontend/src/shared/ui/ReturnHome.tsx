import { Link } from 'wouter';

/** The way back from a page that has nothing more to offer (the demo's notice, the 404 page). */
export function ReturnHome() {
  return (
    <p className="page-actions">
      <Link href="/" className="button button-primary">
        Return to Home
      </Link>
    </p>
  );
}
