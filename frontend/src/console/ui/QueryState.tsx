import { problemText } from '../api/console-api';

/** A screen's read while it loads, and the service's words when it failed (an alert). */
export function QueryState({
  query,
}: {
  query: { isLoading: boolean; isError: boolean; error?: unknown };
}) {
  return (
    <>
      {query.isLoading && <p role="status">Loading…</p>}
      {query.isError && (
        <p role="alert" className="problem">
          {problemText(query.error)}
        </p>
      )}
    </>
  );
}
