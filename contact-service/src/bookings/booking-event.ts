import { Refusal } from '../http/refusal.js';
import type { MeetingStatus, Scheduler } from '../leads/lead-meeting.js';

export { SCHEDULERS, type Scheduler } from '../leads/lead-meeting.js';

/**
 * The largest scheduler payload taken: Calendly's and Cal.com's carry every answer, and an
 * answer may be long. nginx's client_max_body_size for /api/bookings/ is the same
 * (infra/nginx/snippets/api.conf).
 */
export const BOOKING_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Each scheduler's settings: the secret that turns its webhook on (and seals its booking links'
 * tokens: leads/booking-token.ts), and the event types that make leads (none named: every type).
 */
export const SCHEDULER_SETTINGS = {
  calendly: { secret: 'CALENDLY_WEBHOOK_SIGNING_KEY', eventTypes: 'CALENDLY_EVENT_TYPES' },
  'cal.com': { secret: 'CALCOM_WEBHOOK_SECRET', eventTypes: 'CALCOM_EVENT_TYPES' },
} as const satisfies Record<Scheduler, { secret: string; eventTypes: string }>;

/** What a booking can be: kept, moved to another time, or called off. */
export type BookingStatus = MeetingStatus;

/**
 * One event of a scheduler's webhook, in the words of this product: each scheduler's reader
 * (calendly.ts, cal-com.ts) turns its payload into this, and bookings.service.ts applies it.
 */
export interface BookingEvent {
  scheduler: Scheduler;
  /** The scheduler's identity of this event: the same event delivered twice has the same key. */
  key: string;
  action: BookingStatus;
  /** The booking's own reference at the scheduler (Calendly's invitee, Cal.com's booking uid). */
  reference: string;
  /** For a reschedule: the booking it replaces. */
  replaces: string | null;
  /** A cancellation that is the first half of a reschedule (Calendly sends the two apart). */
  rescheduling: boolean;
  startsAt: Date;
  endsAt: Date;
  invitee: { name: string; email: string };
  host: { name: string | null; email: string | null };
  /** The questions the scheduler asked and what the invitee answered, as they came. */
  answers: { question: string; answer: string }[];
  /** The token the booking link carried (leads/booking-token.ts); anything the booker typed. */
  linkToken: string | null;
  /** The scheduler's event type (Calendly's URI, Cal.com's id and slug), for BOOKING_EVENT_TYPES. */
  eventTypes: string[];
}

/**
 * A delivery this service does not apply: `status` is what the scheduler is told (401 for a
 * signature, 400 for a body it cannot read, 422 for an event it does not handle), with a
 * sentence for whoever reads the scheduler's delivery log.
 */
export class BookingRefusal extends Refusal {
  constructor(
    override readonly status: 400 | 401 | 422,
    message: string,
  ) {
    super(message, status);
  }
}
