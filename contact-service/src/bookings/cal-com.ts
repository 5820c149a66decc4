import { BookingRefusal, type BookingEvent } from './booking-event.js';
import { PayloadReader } from './payload-reader.js';

const ACTIONS = {
  BOOKING_CREATED: 'booked',
  BOOKING_RESCHEDULED: 'rescheduled',
  BOOKING_CANCELLED: 'cancelled',
} as const;

/** The booking questions Cal.com always asks, which are the invitee's fields, not answers. */
const SYSTEM_FIELDS = new Set(['name', 'email', 'location', 'guests', 'rescheduleReason']);

/**
 * A Cal.com webhook as a booking event: BOOKING_CREATED, BOOKING_RESCHEDULED (a new booking
 * whose `rescheduleUid` names the one it replaces) and BOOKING_CANCELLED. The booking's reference
 * is its uid; the booking link's token comes back in `metadata.lead`, from the link's `metadata[lead]`.
 */
export function readCalCom(body: unknown): BookingEvent {
  const root = PayloadReader.of(body);
  const trigger = root.text('triggerEvent');
  const action = (ACTIONS as Record<string, BookingEvent['action']>)[trigger];
  if (!action) {
    throw new BookingRefusal(
      422,
      `This endpoint applies ${Object.keys(ACTIONS).join(', ')}, not ${JSON.stringify(trigger.slice(0, 60))}: turn the others off for this webhook.`,
    );
  }
  const booking = root.object('payload');
  const attendee = booking.list('attendees')[0];
  if (!attendee) throw new BookingRefusal(400, 'body.payload.attendees is empty.');
  const organizer = booking.optionalObject('organizer');
  const responses = booking.optionalObject('responses');
  const reference = booking.text('uid');
  return {
    scheduler: 'cal.com',
    key: `${trigger}:${reference}`,
    action,
    reference,
    replaces: action === 'rescheduled' ? booking.optionalText('rescheduleUid') : null,
    rescheduling: false,
    startsAt: booking.time('startTime'),
    endsAt: booking.time('endTime'),
    invitee: attendee.person('name', 'email'),
    host: PayloadReader.optionalPerson(organizer, 'name', 'email'),
    answers: responses ? answersOf(responses, (body as { payload: object }).payload) : [],
    linkToken: booking.optionalObject('metadata')?.optionalText('lead') ?? null,
    eventTypes: [booking.optionalText('eventTypeId'), booking.optionalText('type')].filter(
      (type): type is string => type !== null,
    ),
  };
}

/** The invitee's answers: every response but the system fields, by its label. */
function answersOf(responses: PayloadReader, payload: object) {
  const all = (payload as { responses: Record<string, unknown> }).responses;
  return Object.keys(all)
    .filter((name) => !SYSTEM_FIELDS.has(name))
    .map((name) => {
      const response = responses.optionalObject(name);
      return {
        question: response?.optionalText('label') ?? name,
        answer: response?.anyText('value') ?? '',
      };
    })
    .filter((answer) => answer.answer !== '');
}
