import type { EntityManager } from 'typeorm';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { LineDetails, LeadEvent } from './lead-events.js';
import type { PromisedStep } from './lead-promises.js';
import type { LeadStatus } from './lead-status.js';
import { noticePurpose } from './pending-notices.js';

/**
 * What a change of one lead writes besides the lead: its history lines (lead_status_changes,
 * lead_events, read back by lead-events.ts's historyOf), its audit record, and the notices it
 * cancels. LeadState's own (lead-state.ts makes it), and nothing else may use it: lint refuses
 * any other import of this file (eslint/architecture.js), so a change is told the same way in the
 * history and the audit trail whoever makes it.
 *
 * A line has the statement's clock (clock_timestamp()), not the transaction's, so that a history
 * tells what one transaction did in the order it did it (a booking first, then the status it
 * changed); historyOf orders by it, to the microsecond.
 */
export class LeadHistory {
  constructor(private readonly audit: AuditTrail) {}

  /** A status change's line. */
  async status(
    manager: EntityManager,
    leadId: string,
    actor: string,
    from: LeadStatus,
    to: LeadStatus,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO lead_status_changes (submission_id, actor, from_status, to_status, at)
       VALUES ($1, $2, $3, $4, clock_timestamp())`,
      [leadId, actor.slice(0, 200), from, to],
    );
  }

  /** Any other line: lead-events.ts says what each kind holds. */
  async event<E extends Exclude<LeadEvent['event'], 'status'>>(
    manager: EntityManager,
    leadId: string,
    actor: string,
    event: E,
    details: LineDetails<E>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO lead_events (submission_id, actor, event, details, at)
       VALUES ($1, $2, $3, $4::jsonb, clock_timestamp())`,
      [leadId, actor.slice(0, 200), event, JSON.stringify(details)],
    );
  }

  /** A change's line and its audit record, which tells the same details. */
  async changed<E extends 'owner' | 'booking'>(
    manager: EntityManager,
    lead: { id: string; email: string },
    actor: string,
    event: E,
    details: LineDetails<E>,
  ): Promise<void> {
    await this.event(manager, lead.id, actor, event, details);
    await this.audited(manager, lead, event, actor, details);
  }

  /** The audit record of a change to one lead, named by the keyed hash of its address. */
  audited(
    manager: EntityManager,
    lead: { email: string },
    command: string,
    actor: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    return this.audit.record({ command, rows: 1, actor, email: lead.email, details }, manager);
  }

  /**
   * Cancels a lead's notifications that have not gone out yet: the reminders and escalations of
   * a step whose promise was just kept, or everything (step null: the lead was marked spam, nobody
   * is to be told of it any more). A worker that already holds one finds it settled and sends
   * nothing (settlement.ts's startAttempts takes pending rows only). The history says how many.
   */
  async cancelNotices(
    manager: EntityManager,
    leadId: string,
    step: PromisedStep | null,
    actor: string,
  ): Promise<number> {
    const purposes = step
      ? [noticePurpose('reminder', step), noticePurpose('escalation', step)]
      : null;
    // A statement that starts with WITH answers rows (TypeORM answers an UPDATE with a count).
    const [{ count }] = await manager.query<[{ count: number }]>(
      `WITH cancelled AS (
         UPDATE notifications SET status = 'cancelled', updated_at = now()
          WHERE submission_id = $1 AND status = 'pending'
            AND ($2::varchar[] IS NULL
                 OR split_part(purpose, ':', 1) || ':' || split_part(purpose, ':', 2) = ANY($2::varchar[]))
          RETURNING id)
       SELECT count(*)::int AS count FROM cancelled`,
      [leadId, purposes],
    );
    if (count > 0) await this.event(manager, leadId, actor, 'cancelled', { step, count });
    return count;
  }
}
