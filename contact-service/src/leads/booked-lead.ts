import type { EntityManager } from 'typeorm';
import { rows } from '../database/rows.js';
import type { BookingMatch, Scheduler } from './lead-meeting.js';
import { ownerNameSql } from './operators-table.js';
import type { LeadUnderChange } from './lead-state.js';

/** A lead a scheduler's event changes, with who owns it. */
export type BookedLead = LeadUnderChange & { ownerId: string | null; owner: string | null };

const LEAD_ROW = `s.id, s.kind AS kind, s.status, s.email,
  s.created_at AS "createdAt", s.callback_from AS "callbackFrom",
  ${ownerNameSql('s')} AS owner, s.owner_id AS "ownerId"`;

/** What a scheduler's event says of its lead (bookings/bookings.service.ts finds it so). */
export interface BookingClues {
  scheduler: Scheduler;
  /** The booking's reference, and for a reschedule the one it replaces (clipped to 500). */
  references: string[];
  /** The lead whose booking token the link carried, checked by the caller. */
  linked: string | null;
  /** The address the booker typed. */
  email: string;
}

/**
 * The lead of a booking, locked for the rest of the event: the one the booking already belongs
 * to, else the one of the link's token, else the latest contact request from the address.
 */
export async function lockBookedLead(
  manager: EntityManager,
  { scheduler, references, linked, email }: BookingClues,
): Promise<{ lead: BookedLead; matched: BookingMatch } | null> {
  const of = (matched: BookingMatch) => (lead: BookedLead | null) =>
    lead ? { lead, matched } : null;
  return (
    of('booking')(
      await lockLead(
        manager,
        `s.id = (SELECT b.submission_id FROM lead_bookings b
                  WHERE b.scheduler = $1 AND b.reference = ANY($2::varchar[]) LIMIT 1)`,
        [scheduler, references],
      ),
    ) ??
    (linked ? of('link')(await lockLead(manager, 's.id = $1', [linked])) : null) ??
    of('address')(
      await lockLead(
        manager,
        `s.id = (SELECT l.id FROM contact_submissions l
                  WHERE lower(l.email) = lower($1) AND l.spam_reason IS NULL
                    AND l.kind = 'contact'
                  ORDER BY l.created_at DESC, l.id DESC LIMIT 1)`,
        [email],
      ),
    )
  );
}

/** A lead by id (one a booking just made), locked for the rest of the event. */
export function lockLeadById(manager: EntityManager, id: string): Promise<BookedLead | null> {
  return lockLead(manager, 's.id = $1', [id]);
}

async function lockLead(manager: EntityManager, where: string, values: unknown[]) {
  const [lead] = await rows<BookedLead>(
    manager,
    `SELECT ${LEAD_ROW} FROM contact_submissions s WHERE ${where} FOR UPDATE OF s`,
    values,
  );
  return lead ?? null;
}

/** Whether a booking of the lead is still on (not cancelled). */
export async function hasBookingOn(manager: EntityManager, leadId: string): Promise<boolean> {
  const [on] = await rows<unknown>(
    manager,
    `SELECT 1 FROM lead_bookings WHERE submission_id = $1 AND status <> 'cancelled' LIMIT 1`,
    [leadId],
  );
  return on !== undefined;
}
