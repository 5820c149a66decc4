import type { DataSource } from 'typeorm';
import { ConsoleSession } from './console-session.entity.js';
import { EnrolmentLink } from './enrolment-link.entity.js';
import { UsedPasskeyChallenge } from './passkey.entity.js';
import { SignInFailure } from './sign-in-failure.entity.js';

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
  const remove = () => dataSource.createQueryBuilder().delete();
  const deletes = {
    sessions: remove()
      .from(ConsoleSession)
      .where(
        'lastSeenAt <= now() - make_interval(mins => :idleMinutes) OR createdAt <= now() - make_interval(hours => :maxHours)',
        limits,
      ),
    failures: remove()
      .from(SignInFailure)
      .where(
        "lastFailureAt < now() - interval '1 day' AND (lockedUntil IS NULL OR lockedUntil < now())",
      ),
    links: remove().from(EnrolmentLink).where('expiresAt < now()'),
    challenges: remove().from(UsedPasskeyChallenge).where('expiresAt < now()'),
  };
  // Four deletes in one statement, at the database's clock: each a common table expression, and
  // a select that counts the rows they took.
  const query = dataSource.createQueryBuilder();
  for (const [name, each] of Object.entries(deletes)) {
    query.addCommonTableExpression(each.returning('1'), name);
  }
  const gone = Object.keys(deletes).map((name) => `SELECT 1 FROM ${name}`);
  const row = await query
    .addCommonTableExpression(gone.join(' UNION ALL '), 'gone')
    .select('count(*)::int', 'n')
    .from('gone', 'gone')
    .getRawOne<{ n: number }>();
  return row?.n ?? 0;
}
