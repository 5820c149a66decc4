import type { DataSource } from 'typeorm';
/**
 * What the console keeps only while it matters, removed once it no longer does: sessions past
 * either limit (already refused; a session never presented again would otherwise stay), sign-in
 * failures forgotten after a day, enrolment links past their 24 hours, and answered passkey
 * challenges past their 5 minutes. Answers how many rows went. Run daily by the retention job.
 */
export async function removeExpired(
  dataSource: DataSource,
  limits: { idleMinutes: number; maxHours: number },
): Promise<number> {
  // SQL: four deletes in one statement, at the database's clock, answering how many rows went.
  const [row] = await dataSource.query<{ n: string }[]>(
    `WITH sessions AS (
       DELETE FROM console_sessions
        WHERE last_seen_at <= now() - make_interval(mins => $1)
           OR created_at <= now() - make_interval(hours => $2) RETURNING 1),
     failures AS (
       DELETE FROM sign_in_failures
        WHERE last_failure_at < now() - interval '1 day'
          AND (locked_until IS NULL OR locked_until < now()) RETURNING 1),
     enrolments AS (
       DELETE FROM enrolments WHERE expires_at < now() RETURNING 1),
     challenges AS (
       DELETE FROM used_passkey_challenges WHERE expires_at < now() RETURNING 1)
     SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM failures)
          + (SELECT count(*) FROM enrolments) + (SELECT count(*) FROM challenges) AS n`,
    [limits.idleMinutes, limits.maxHours],
  );
  return Number(row?.n ?? 0);
}
