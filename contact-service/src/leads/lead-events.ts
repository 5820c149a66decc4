import type { EntityManager } from 'typeorm';
import type { PromisedStep } from './lead-promises.js';
import type { LeadStatus } from './lead-status.js';

/**
 * One line of a lead's history, as the lead screen and `leads show` tell it: its status changes
 * (lead_status_changes) and everything else that happened to it (lead_events): who took it or
 * was given it, each reminder and escalation of its promises, notifications cancelled, and each
 * booking, reschedule and cancellation of its call through the scheduler (actor: the scheduler).
 */
export type LeadEvent = { at: Date; actor: string } & (
  | { event: 'status'; from: LeadStatus; to: LeadStatus }
  | { event: 'owner'; from: string | null; to: string | null }
  | { event: 'reminder' | 'escalation'; step: PromisedStep; to: string }
  | { event: 'cancelled'; step: PromisedStep | null; count: number }
  | {
      event: 'booking';
      status: 'booked' | 'rescheduled' | 'cancelled';
      startsAt: string;
      endsAt: string;
      host: string | null;
    }
);

/** What an event of kind E holds besides when, who and which. */
type Details<E extends LeadEvent['event']> = LeadEvent extends infer Each
  ? Each extends { event: infer Kind }
    ? E extends Kind
      ? Omit<Each, 'at' | 'actor' | 'event'>
      : never
    : never
  : never;

/** Writes one event of a lead in the caller's transaction. */
export async function recordLeadEvent<E extends Exclude<LeadEvent['event'], 'status'>>(
  manager: EntityManager,
  leadId: string,
  actor: string,
  event: E,
  details: Details<E>,
): Promise<void> {
  await manager.query(
    `INSERT INTO lead_events (submission_id, actor, event, details) VALUES ($1, $2, $3, $4)`,
    [leadId, actor.slice(0, 200), event, JSON.stringify(details)],
  );
}

/** A lead's whole history, oldest first. */
export async function historyOf(manager: EntityManager, leadId: string): Promise<LeadEvent[]> {
  return (await manager
    .query(
      `SELECT at, actor, event, details FROM (
       SELECT at, id, 0 AS source, actor, 'status' AS event,
              jsonb_build_object('from', from_status, 'to', to_status) AS details
         FROM lead_status_changes WHERE submission_id = $1
       UNION ALL
       SELECT at, id, 1, actor, event, details FROM lead_events WHERE submission_id = $1) history
      ORDER BY at, source, id`,
      [leadId],
    )
    .then((rows: { at: Date; actor: string; event: string; details: object }[]) =>
      rows.map(({ at, actor, event, details }) => ({ at, actor, event, ...details })),
    )) as LeadEvent[];
}
