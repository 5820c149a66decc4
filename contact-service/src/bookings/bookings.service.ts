import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import {
  hasBookingOn,
  lockBookedLead,
  lockLeadById,
  type BookedLead,
} from '../leads/booked-lead.js';
import { BookingTokens } from '../leads/booking-token.js';
import { lastMover } from '../leads/lead-events.js';
import { recordMeeting, type BookingMatch } from '../leads/lead-meeting.js';
import { LeadOwners } from '../leads/lead-owners.js';
import { erasedBooking } from '../leads/lead-removal.js';
import { LeadState } from '../leads/lead-state.js';
import { writeLeadIn } from '../leads/lead-writer.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PromiseWatch } from '../notifications/promise-watch.js';
import { bookedLead } from './booking-answers.js';
import { BookingDeliveryRow } from './booking-delivery.entity.js';
import { SCHEDULER_SETTINGS, type BookingEvent, type Scheduler } from './booking-event.js';

/** What applying an event did, for the scheduler's answer and the log. */
export interface Applied {
  /** false: not applied now (a redelivery of an applied event, or a refused one). */
  applied: boolean;
  /** Why an event was refused: its booking is an erased person's, or of another event type. */
  refused?: 'erased' | 'event_type';
  /** How it found its lead; null for a cancellation of a booking this service never saw. */
  matched: BookingMatch | null;
}

/**
 * The scheduler's bookings on their leads, each event in one transaction that commits before the
 * scheduler hears 2xx (the rules: docs/bookings.md). What an event changes on its lead, it
 * changes through the lead's writers (leads/): the status and its promise, and the event's history
 * line and audit record (lead-state.ts), the owner (lead-owners.ts), the meeting
 * (lead-meeting.ts), a new lead (lead-writer.ts).
 *
 * - Refused and counted, storing nothing: an event about an erased person's booking, and one of
 *   an event type the operator did not name (CALENDLY_EVENT_TYPES, CALCOM_EVENT_TYPES).
 * - Once: the event's key goes into booking_deliveries first; a redelivery changes nothing.
 * - Its lead (BookingMatch): the one the booking already belongs to, else the lead whose booking
 *   token the link carried (a token this service sealed; a bare lead id matches nothing), else
 *   the latest contact request from the address the booker typed, else a new lead.
 * - A booking keeps the callback promise (the lead becomes contacted); the host becomes the
 *   owner when the host is an operator and nobody owns the lead. A cancellation that leaves the
 *   lead with no booking, when the booking was what answered it, re-opens the promise.
 */
@Injectable()
export class BookingsService {
  private readonly logger = new Logger('Bookings');
  private readonly tokens: Partial<Record<Scheduler, BookingTokens>> = {};
  private readonly eventTypes: Partial<Record<Scheduler, readonly string[]>> = {};

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly watch: PromiseWatch,
    private readonly metrics: MetricsService,
    environment: EnvironmentService,
    private readonly owners: LeadOwners,
    private readonly state: LeadState,
  ) {
    for (const [scheduler, { secret, eventTypes }] of Object.entries(SCHEDULER_SETTINGS)) {
      const secrets = environment.get(secret);
      if (secrets) this.tokens[scheduler as Scheduler] = new BookingTokens(secrets);
      this.eventTypes[scheduler as Scheduler] = environment.get(eventTypes) ?? [];
    }
  }

  async apply(event: BookingEvent, now = new Date()): Promise<Applied> {
    const result = await this.dataSource.transaction((manager) =>
      this.applyIn(manager, event, now),
    );
    const what = `${event.scheduler} ${event.action}${event.rescheduling ? ' (rescheduling)' : ''}`;
    if (result.refused) {
      this.metrics.bookingRefusals.inc({ scheduler: event.scheduler, status: result.refused });
      this.logger.log(`${what}: refused (${result.refused}), nothing stored`);
    } else if (result.applied) {
      this.metrics.bookings.inc({ scheduler: event.scheduler, action: event.action });
      if (result.matched === 'new') this.notifications.relaySoon();
      this.logger.log(`${what}: lead matched by ${result.matched ?? 'nothing'}`);
    }
    return result;
  }

  private async applyIn(manager: EntityManager, event: BookingEvent, now: Date): Promise<Applied> {
    const references = [event.reference, event.replaces].filter((r): r is string => !!r);
    const clipped = references.map((reference) => reference.slice(0, 500));
    if (await erasedBooking(manager, event.scheduler, clipped)) {
      return { applied: false, refused: 'erased', matched: null };
    }
    const named = this.eventTypes[event.scheduler] ?? [];
    if (named.length > 0 && !event.eventTypes.some((type) => matchesType(named, type))) {
      return { applied: false, refused: 'event_type', matched: null };
    }
    if (!(await firstDelivery(manager, event))) return { applied: false, matched: null };

    let found = await this.leadOf(manager, event, clipped);
    if (!found) {
      // A cancellation of a booking made before the endpoint was set up: nothing to change.
      if (event.action === 'cancelled') return { applied: true, matched: null };
      const channels = this.notifications
        .plannedChannels()
        .filter((channel) => channel !== 'acknowledgement');
      const id = await writeLeadIn(manager, bookedLead(event), channels);
      found = { lead: (await lockLeadById(manager, id))!, matched: 'new' };
    }
    const { lead, matched } = found;
    const actor = event.scheduler;
    await recordMeeting(
      manager,
      lead.id,
      { ...event, status: event.action },
      now,
      matched === 'new',
    );
    const meeting = {
      status: event.action,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      host: (event.host.name ?? event.host.email)?.slice(0, 200) ?? null,
      matched,
    };
    await this.state.recordBooking(manager, lead, meeting, actor);
    if (event.action === 'cancelled') {
      if (!event.rescheduling && (await this.answeredByBooking(manager, lead, actor))) {
        if (await this.state.reopen(manager, lead, actor, now)) {
          await this.watch.scheduleIn(manager, [lead.id]);
        }
      }
    } else {
      if (lead.kind === 'contact' && lead.status === 'new') {
        await this.state.move(manager, lead, 'contacted', actor, now);
      }
      const host = event.host.email ? await this.owners.byEmail(event.host.email, manager) : null;
      if (host && !lead.ownerId) await this.owners.set(manager, lead, host, actor);
    }
    return { applied: true, matched };
  }

  /** The lead of a booking (see the class's comment), locked for the rest of the event. */
  private leadOf(manager: EntityManager, event: BookingEvent, references: string[]) {
    const linked = event.linkToken ? this.tokens[event.scheduler]?.leadOf(event.linkToken) : null;
    return lockBookedLead(manager, {
      scheduler: event.scheduler,
      references,
      linked: linked ?? null,
      email: event.invitee.email,
    });
  }

  /**
   * Whether the call that is off was what answered the lead: no other booking of it is on, and
   * its last status change was the scheduler's.
   */
  private async answeredByBooking(manager: EntityManager, lead: BookedLead, actor: string) {
    const booked = await hasBookingOn(manager, lead.id);
    return !booked && (await lastMover(manager, lead.id)) === actor;
  }
}

/**
 * Whether this is the event's first delivery: its key goes into booking_deliveries, and a
 * redelivery finds it there (the insert's ignored conflict inserts nothing).
 */
async function firstDelivery(manager: EntityManager, event: BookingEvent): Promise<boolean> {
  const { raw } = await manager
    .createQueryBuilder()
    .insert()
    .into(BookingDeliveryRow)
    .values({ scheduler: event.scheduler, eventKey: event.key.slice(0, 600) })
    .orIgnore()
    .returning(['eventKey'])
    .execute();
  // The rows the insert returned: none when the key was there already.
  return Array.isArray(raw) && raw.length > 0;
}

/**
 * Whether an event type is one the operator named: the same text, or (Calendly's URIs) the
 * last part of its path, https://api.calendly.com/event_types/ABC named as ABC.
 */
function matchesType(named: readonly string[], type: string): boolean {
  const last = type.split('/').pop() ?? type;
  return named.some((name) => name === type || name === last);
}
