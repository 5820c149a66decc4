// Why a connection to Postgres failed at start-up, and whether waiting can fix it. While the
// database is still starting (compose starts it alongside), retrying helps; wrong credentials or
// a missing database never fix themselves, and ten silent retries would only hide the cause.

import { ConfigError, redact } from '../config/env.js';

/** SQLSTATE codes that no retry fixes, with what they mean for whoever set DATABASE_URL. */
const PERMANENT_FAILURES: Record<string, { meaning: string; fix: string }> = {
  '28P01': {
    meaning: 'Postgres refused the password (PGPASSWORD, or the one in DATABASE_URL)',
    fix:
      'Correct it. In the container stack, the db volume keeps the password Postgres ' +
      'was first started with: POSTGRES_PASSWORD in .env must still be that one.',
  },
  '28000': {
    meaning: 'Postgres refused the user in DATABASE_URL',
    fix: 'Correct the user in DATABASE_URL, or create that role.',
  },
  '3D000': {
    meaning: 'the database named in DATABASE_URL does not exist',
    fix: 'Correct the name in DATABASE_URL, or create that database.',
  },
};

/** The SQLSTATE of an error Postgres answered, if it is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * SQLSTATEs of a server that cannot take the request now, as during a failover: the server is
 * read-only (a standby, or a primary being demoted), shutting down or starting, too busy, or the
 * connection broke (class 08).
 */
const UNAVAILABLE_STATES = new Set(['25006', '57P01', '57P02', '57P03', '53300', '53400']);
/** Node's and the pg driver's words for a connection that broke or never came. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly|canceling statement due to statement timeout/i;

/**
 * Whether an error means the database cannot be used right now (a failover, a restart, a network
 * cut) rather than a mistake in the request or the code: such a request is answered 503 with
 * Retry-After, never 500 (http/api-exception.filter.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code =
    sqlState(error) ?? sqlState((error as { driverError?: unknown } | null)?.driverError);
  if (
    code &&
    (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))
  ) {
    return true;
  }
  const message = error instanceof Error ? error.message : '';
  return UNAVAILABLE_MESSAGES.test(message);
}

/** For TypeORM's `toRetry`: connect again unless the failure is one that waiting cannot fix. */
export function isWorthRetrying(error: unknown): boolean {
  const code = sqlState(error);
  return !(code && code in PERMANENT_FAILURES);
}

/**
 * One line for the operator about an error that stopped the service at start-up: a bad setting
 * as parseEnv worded it, or the database's answer, with every secret value taken out.
 */
export function describeStartupError(
  error: unknown,
  secrets: readonly string[],
  what = 'contact-service failed to start',
): string {
  if (error instanceof ConfigError) return error.message;
  const detail = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
  const code = sqlState(error);
  const known = code ? PERMANENT_FAILURES[code] : undefined;
  return redact(
    known ? `${what}: ${known.meaning} (${detail}). ${known.fix}` : `${what}: ${detail}`,
    secrets,
  );
}
