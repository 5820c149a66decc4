import { BookingRefusal, type BookingEvent } from './booking-event.js';
import { PayloadReader } from './payload-reader.js';

/**
 * A Calendly webhook (API v2) as a booking event: `invitee.created` books, `invitee.canceled`
 * cancels. A reschedule comes as both: the old invitee cancelled with `rescheduled: true`, and a
 * new invitee created with `old_invitee` naming it, in either order. The booking's reference is
 * the invitee's URI; the booking link's token comes back in `tracking.utm_content` (scheduler-link.ts).
 */
export function readCalendly(body: unknown): BookingEvent {
  const root = PayloadReader.of(body);
  const event = root.text('event');
  if (event !== 'invitee.created' && event !== 'invitee.canceled') {
    throw new BookingRefusal(
      422,
      `This endpoint applies invitee.created and invitee.canceled, not ${JSON.stringify(event.slice(0, 60))}: subscribe it to those two.`,
    );
  }
  const invitee = root.object('payload');
  const meeting = invitee.object('scheduled_event');
  const host = meeting.list('event_memberships')[0];
  const reference = invitee.text('uri');
  const cancelled = event === 'invitee.canceled';
  return {
    scheduler: 'calendly',
    key: `${event}:${reference}`,
    action: cancelled
      ? 'cancelled'
      : invitee.optionalText('old_invitee')
        ? 'rescheduled'
        : 'booked',
    reference,
    replaces: cancelled ? null : invitee.optionalText('old_invitee'),
    rescheduling: cancelled && invitee.flag('rescheduled'),
    startsAt: meeting.time('start_time'),
    endsAt: meeting.time('end_time'),
    invitee: invitee.person('name', 'email'),
    host: PayloadReader.optionalPerson(host, 'user_name', 'user_email'),
    answers: invitee.list('questions_and_answers').map((item) => ({
      question: item.anyText('question') ?? '',
      answer: item.anyText('answer') ?? '',
    })),
    linkToken: invitee.optionalObject('tracking')?.optionalText('utm_content') ?? null,
    eventTypes: [meeting.optionalText('event_type')].filter(
      (type): type is string => type !== null,
    ),
  };
}
