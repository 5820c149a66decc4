import type { EntityManager } from 'typeorm';
import { recordLeadEvent } from './lead-events.js';
import type { PromisedStep } from './lead-promises.js';

/** The purpose of a reminder or an escalation of one step's promise (notifications.purpose). */
export const noticePurpose = (
  notice: 'reminder' | 'escalation',
  step: PromisedStep,
  reopenedAt?: Date | null,
) =>
  // A promise re-opened by a cancelled booking is a new promise, with reminders of its own.
  reopenedAt ? `${notice}:${step}:${Math.floor(reopenedAt.getTime() / 1000)}` : `${notice}:${step}`;

/**
 * Cancels a lead's notifications that have not gone out yet: the reminders and escalations of a
 * step whose promise was just kept, or everything (the lead was marked spam: nobody is to be told
 * of it any more). A worker that already holds one finds it settled and sends nothing
 * (settlement.ts's startAttempts takes pending rows only). The history says how many.
 */
export async function cancelPending(
  manager: EntityManager,
  leadId: string,
  step: PromisedStep | null,
  actor: string,
): Promise<number> {
  const purposes = step
    ? [noticePurpose('reminder', step), noticePurpose('escalation', step)]
    : null;
  // A statement that starts with WITH answers rows (TypeORM answers an UPDATE with a count).
  const [{ count }] = (await manager.query(
    `WITH cancelled AS (
       UPDATE notifications SET status = 'cancelled', updated_at = now()
        WHERE submission_id = $1 AND status = 'pending'
          AND ($2::varchar[] IS NULL
               OR split_part(purpose, ':', 1) || ':' || split_part(purpose, ':', 2) = ANY($2::varchar[]))
        RETURNING id)
     SELECT count(*)::int AS count FROM cancelled`,
    [leadId, purposes],
  )) as [{ count: number }];
  if (count > 0) await recordLeadEvent(manager, leadId, actor, 'cancelled', { step, count });
  return count;
}
