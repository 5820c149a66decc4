import { randomUUID } from 'node:crypto';
import contactFields from '@proposal-site/contract/contact-fields.json' with { type: 'json' };
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isUuid } from '../leads/lead.js';
import { recordLeadEvent } from '../leads/lead-events.js';
import type { LeadKind } from '../leads/lead-kind.js';
import { LeadOwners } from '../leads/lead-owners.js';
import { openPromise, promiseRules, type PromiseRules } from '../leads/lead-promises.js';
import type { LeadStatus } from '../leads/lead-status.js';
import { EnvironmentService } from '../config/environment.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { cancelPending } from '../notifications/cancellation.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PromiseWatch } from '../notifications/promise-watch.js';
import type { BookingEvent } from './booking-event.js';
import { bookingMessage, companyAnswer, roleAnswer } from './booking-answers.js';

/** What applying an event did, for the scheduler's answer and the log. */
export interface Applied {
  /** false: the same event was applied before (a redelivery), and nothing changed now. */
  applied: boolean;
  /** The lead it belongs to; null for a cancellation of a booking this service never saw. */
  leadId: string | null;
  /** The booking made a new lead: nobody had sent the form from that address. */
  newLead: boolean;
}

interface LeadRow {
  id: string;
  kind: LeadKind;
  status: LeadStatus;
  email: string;
  createdAt: Date;
  callbackFrom: Date | null;
  owner: string | null;
  ownerId: string | null;
}

const LEAD_ROW = `s.id, s.kind AS kind, s.status, s.email,
  s.created_at AS "createdAt", s.callback_from AS "callbackFrom",
  (SELECT u.username FROM users u WHERE u.id = s.owner_id) AS owner, s.owner_id AS "ownerId"`;

/**
 * The scheduler's bookings on their leads, each event in one transaction that commits before the
 * scheduler hears 2xx (the rules: docs/bookings.md).
 *
 * - Once: the event's key goes into booking_deliveries first; a redelivery finds it and changes
 *   nothing.
 * - Its lead: the one the booking already belongs to, else the lead whose id the booking carries
 *   (the receipt's link), else the latest contact request from the invitee's address, else a new
 *   lead made from the booking and announced like any other.
 * - A booking keeps the callback promise: a new contact request becomes contacted, its reminders
 *   are cancelled and its first response is recorded (on time or not). The host becomes the
 *   owner when the host is an operator and nobody owns the lead.
 * - A cancellation that leaves the lead with no booking, when the booking was what answered it,
 *   re-opens the promise from the moment of the cancellation (callback_from), with its reminder
 *   and escalation scheduled anew.
 *
 * In SQL: an event counts once by its upsert (ON CONFLICT), and the lead is found and locked
 * through subqueries, which no repository call says as plainly.
 */
@Injectable()
export class BookingsService {
  private readonly logger = new Logger('Bookings');
  private readonly rules: PromiseRules;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly watch: PromiseWatch,
    private readonly metrics: MetricsService,
    environment: EnvironmentService,
    private readonly owners: LeadOwners,
  ) {
    this.rules = promiseRules(environment);
  }

  async apply(event: BookingEvent, now = new Date()): Promise<Applied> {
    const result = await this.dataSource.transaction((manager) =>
      this.applyIn(manager, event, now),
    );
    if (result.applied) {
      this.metrics.bookings.inc({ scheduler: event.scheduler, action: event.action });
      if (result.newLead) this.notifications.relaySoon();
      this.logger.log(
        `${event.scheduler} ${event.action}${event.rescheduling ? ' (rescheduling)' : ''}: lead ${result.leadId ?? 'none'}${result.newLead ? ' (new)' : ''}`,
      );
    }
    return result;
  }

  private async applyIn(manager: EntityManager, event: BookingEvent, now: Date): Promise<Applied> {
    const fresh = (await manager.query(
      `INSERT INTO booking_deliveries (scheduler, event_key) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING event_key`,
      [event.scheduler, event.key.slice(0, 600)],
    )) as unknown[];
    if (fresh.length === 0) return { applied: false, leadId: null, newLead: false };

    let lead = await this.leadOf(manager, event);
    let newLead = false;
    if (!lead) {
      // A cancellation of a booking made before the endpoint was set up: nothing to change.
      if (event.action === 'cancelled') return { applied: true, leadId: null, newLead: false };
      lead = await this.newLead(manager, event);
      newLead = true;
    }
    const actor = event.scheduler;
    if (event.replaces) {
      await manager.query(
        `UPDATE lead_bookings SET status = 'cancelled', updated_at = $3
          WHERE scheduler = $1 AND reference = $2`,
        [event.scheduler, event.replaces.slice(0, 500), now],
      );
    }
    await manager.query(
      `INSERT INTO lead_bookings (submission_id, scheduler, reference, starts_at, ends_at,
                                  host_name, host_email, status, booked_at, updated_at, made_lead)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10)
       ON CONFLICT (scheduler, reference) DO UPDATE
         SET starts_at = excluded.starts_at, ends_at = excluded.ends_at,
             host_name = excluded.host_name, host_email = excluded.host_email,
             status = excluded.status, updated_at = excluded.updated_at`,
      [
        lead.id,
        event.scheduler,
        event.reference.slice(0, 500),
        event.startsAt,
        event.endsAt,
        event.host.name?.slice(0, 200) ?? null,
        event.host.email?.slice(0, 254) ?? null,
        event.action,
        now,
        newLead,
      ],
    );
    await recordLeadEvent(manager, lead.id, actor, 'booking', {
      status: event.action,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      host: (event.host.name ?? event.host.email)?.slice(0, 200) ?? null,
    });
    if (event.action === 'cancelled') {
      if (!event.rescheduling) await this.reopen(manager, lead, actor, now);
    } else {
      await this.keep(manager, lead, actor, now);
      await this.hostOwns(manager, lead, event.host.email, actor);
    }
    return { applied: true, leadId: lead.id, newLead };
  }

  /** The lead of a booking (see the class's comment), locked for the rest of the event. */
  private async leadOf(manager: EntityManager, event: BookingEvent): Promise<LeadRow | null> {
    const find = async (where: string, values: unknown[]) =>
      (
        (await manager.query(
          `SELECT ${LEAD_ROW} FROM contact_submissions s WHERE ${where} FOR UPDATE OF s`,
          values,
        )) as LeadRow[]
      )[0] ?? null;
    const references = [event.reference, event.replaces].filter(Boolean) as string[];
    return (
      (await find(
        `s.id = (SELECT b.submission_id FROM lead_bookings b
                  WHERE b.scheduler = $1 AND b.reference = ANY($2::varchar[]) LIMIT 1)`,
        [event.scheduler, references.map((reference) => reference.slice(0, 500))],
      )) ??
      (event.leadToken && isUuid(event.leadToken)
        ? await find('s.id = $1', [event.leadToken])
        : null) ??
      (await find(
        `s.id = (SELECT l.id FROM contact_submissions l
                  WHERE lower(l.email) = lower($1) AND l.spam_reason IS NULL
                    AND l.kind = 'contact'
                  ORDER BY l.created_at DESC, l.id DESC LIMIT 1)`,
        [event.invitee.email],
      ))
    );
  }

  /**
   * A lead made from a booking with no form: the invitee's name and address, the company and
   * role when the scheduler asked for them, every answer in the message. It is announced to the
   * team like any lead; the invitee gets no receipt (the scheduler has confirmed the booking).
   */
  private async newLead(manager: EntityManager, event: BookingEvent): Promise<LeadRow> {
    const id = randomUUID();
    const limits = contactFields.limits;
    const clip = (text: string, limit: number) =>
      Array.from(text.replace(/[\p{Cc}\p{Cs}]/gu, ' ').trim())
        .join('')
        .slice(0, limit);
    await manager.query(
      `INSERT INTO contact_submissions (id, name, email, company, role, message, kind)
       VALUES ($1, $2, $3, $4, $5, $6, 'contact')`,
      [
        id,
        clip(event.invitee.name, limits.name),
        clip(event.invitee.email, limits.email),
        clip(companyAnswer(event.answers) ?? '', limits.company),
        clip(roleAnswer(event.answers) ?? '', limits.role),
        bookingMessage(event, limits.message),
      ],
    );
    const channels = this.notifications
      .plannedChannels()
      .filter((channel) => channel !== 'acknowledgement');
    await manager.query(
      `INSERT INTO notifications (submission_id, channel) SELECT $1, unnest($2::varchar[])`,
      [id, channels],
    );
    return (
      (await manager.query(`SELECT ${LEAD_ROW} FROM contact_submissions s WHERE s.id = $1`, [
        id,
      ])) as LeadRow[]
    )[0]!;
  }

  /** The booking answers the callback promise: a new contact request is contacted now. */
  private async keep(manager: EntityManager, lead: LeadRow, actor: string, now: Date) {
    if (lead.kind !== 'contact' || lead.status !== 'new') return;
    const due = openPromise(
      { kind: lead.kind, status: lead.status, receivedAt: lead.callbackFrom ?? lead.createdAt },
      this.rules,
      now,
    );
    await this.setStatus(manager, lead.id, 'new', 'contacted', actor);
    await cancelPending(manager, lead.id, 'callback', actor);
    await manager.query(
      `UPDATE contact_submissions SET responded_at = $2, responded_on_time = $3
        WHERE id = $1 AND responded_at IS NULL`,
      [lead.id, now, !due?.overdue],
    );
  }

  /**
   * The call is off and no other is booked: when the booking was what answered the lead (its
   * last status change was the scheduler's), the team owes the prospect a new time again, within
   * the callback hours from now.
   */
  private async reopen(manager: EntityManager, lead: LeadRow, actor: string, now: Date) {
    if (lead.kind !== 'contact' || lead.status !== 'contacted') return;
    const [state] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM lead_bookings b
                       WHERE b.submission_id = $1 AND b.status <> 'cancelled') AS booked,
              (SELECT c.actor FROM lead_status_changes c WHERE c.submission_id = $1
                ORDER BY c.at DESC, c.id DESC LIMIT 1) AS "lastActor"`,
      [lead.id],
    )) as { booked: boolean; lastActor: string | null }[];
    if (state!.booked || state!.lastActor !== actor) return;
    await this.setStatus(manager, lead.id, 'contacted', 'new', actor);
    await manager.query(`UPDATE contact_submissions SET callback_from = $2 WHERE id = $1`, [
      lead.id,
      now,
    ]);
    await this.watch.scheduleIn(manager, [lead.id]);
  }

  /** The host takes a lead nobody owns, when the host's address is an active operator's. */
  private async hostOwns(
    manager: EntityManager,
    lead: LeadRow,
    hostEmail: string | null,
    actor: string,
  ) {
    if (lead.ownerId || !hostEmail) return;
    const [host] = (await manager.query(
      `SELECT id, username FROM users
        WHERE lower(email) = lower($1) AND disabled_at IS NULL AND enrolled_at IS NOT NULL
        ORDER BY username LIMIT 1`,
      [hostEmail],
    )) as { id: string; username: string }[];
    if (host) await this.owners.set(manager, lead, host, actor);
  }

  private async setStatus(
    manager: EntityManager,
    id: string,
    from: LeadStatus,
    to: LeadStatus,
    actor: string,
  ) {
    await manager.query(`UPDATE contact_submissions SET status = $2 WHERE id = $1`, [id, to]);
    // After the booking's own line in the history (which has the transaction's time), so the
    // history tells the booking first and what it did next.
    await manager.query(
      `INSERT INTO lead_status_changes (submission_id, actor, from_status, to_status, at)
       VALUES ($1, $2, $3, $4, clock_timestamp())`,
      [id, actor, from, to],
    );
  }
}
