import { createHmac, randomUUID } from 'node:crypto';

/**
 * Scheduler webhooks in the shapes their providers document, signed with their schemes:
 * Calendly's API v2 `invitee.created` / `invitee.canceled` (developer.calendly.com, "Webhook
 * payload", and the reschedule guide), Cal.com's BOOKING_CREATED / _RESCHEDULED / _CANCELLED
 * (calcom/cal.com, packages/features/webhooks, BookingPayloadBuilder). Fields this product does
 * not read are kept where the providers send them, so the readers are tried against the real
 * thing, not against what they expect.
 */
export interface Invitee {
  name: string;
  email: string;
  host?: { name: string; email: string };
  startsAt: Date;
  minutes?: number;
  answers?: { question: string; answer: string }[];
  /** The lead's id as the receipt's link carries it. */
  token?: string;
}

const HOST = { name: 'Sam Host', email: 'sam.host@bank-proposals.example' };
const iso = (at: Date) => at.toISOString();
const end = (invitee: Invitee) =>
  new Date(invitee.startsAt.getTime() + (invitee.minutes ?? 30) * 60_000);

export const calendly = {
  /** An invitee URI, the booking's reference. */
  newInvitee: () =>
    `https://api.calendly.com/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`,

  body(
    event: 'invitee.created' | 'invitee.canceled',
    uri: string,
    invitee: Invitee,
    extra: { rescheduled?: boolean; oldInvitee?: string; newInvitee?: string } = {},
  ) {
    const host = invitee.host ?? HOST;
    const scheduledEvent = uri.replace(/\/invitees\/.*$/, '');
    const canceled = event === 'invitee.canceled';
    return {
      event,
      created_at: iso(new Date()),
      created_by: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
      payload: {
        uri,
        email: invitee.email,
        name: invitee.name,
        first_name: null,
        last_name: null,
        status: canceled ? 'canceled' : 'active',
        timezone: 'Europe/London',
        event: scheduledEvent,
        created_at: iso(new Date()),
        updated_at: iso(new Date()),
        questions_and_answers: (invitee.answers ?? []).map((answer, position) => ({
          ...answer,
          position,
        })),
        tracking: {
          utm_campaign: null,
          utm_source: null,
          utm_medium: null,
          utm_content: invitee.token ?? null,
          utm_term: null,
          salesforce_uuid: null,
        },
        text_reminder_number: null,
        rescheduled: extra.rescheduled ?? false,
        old_invitee: extra.oldInvitee ?? null,
        new_invitee: extra.newInvitee ?? null,
        cancel_url: 'https://calendly.com/cancellations/INV',
        reschedule_url: 'https://calendly.com/reschedulings/INV',
        routing_form_submission: null,
        payment: null,
        no_show: null,
        reconfirmation: null,
        scheduling_method: null,
        invitee_scheduled_by: null,
        ...(canceled
          ? {
              cancellation: {
                canceled_by: invitee.name,
                reason: extra.rescheduled ? null : 'Meeting Conflict',
                canceler_type: 'invitee',
                created_at: iso(new Date()),
              },
            }
          : {}),
        scheduled_event: {
          uri: scheduledEvent,
          name: 'Discovery call',
          status: canceled ? 'canceled' : 'active',
          start_time: iso(invitee.startsAt),
          end_time: iso(end(invitee)),
          event_type: 'https://api.calendly.com/event_types/ET111',
          location: {
            type: 'google_conference',
            status: 'pushed',
            join_url: 'https://meet.example',
          },
          invitees_counter: { total: 1, active: canceled ? 0 : 1, limit: 1 },
          created_at: iso(new Date()),
          updated_at: iso(new Date()),
          event_memberships: [
            {
              user: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
              user_email: host.email,
              user_name: host.name,
            },
          ],
          event_guests: [],
        },
      },
    };
  },

  /** Calendly-Webhook-Signature for a raw body, signed at `t` (unix seconds). */
  sign: (raw: string, key: string, t = Math.floor(Date.now() / 1000)) =>
    `t=${t},v1=${createHmac('sha256', key).update(`${t}.${raw}`).digest('hex')}`,
};

export const calCom = {
  newUid: () => randomUUID().replaceAll('-', '').slice(0, 22),

  body(
    trigger: 'BOOKING_CREATED' | 'BOOKING_RESCHEDULED' | 'BOOKING_CANCELLED',
    uid: string,
    invitee: Invitee,
    extra: { rescheduleUid?: string } = {},
  ) {
    const host = invitee.host ?? HOST;
    const [firstName, ...rest] = invitee.name.split(' ');
    return {
      triggerEvent: trigger,
      createdAt: iso(new Date()),
      payload: {
        type: 'discovery-call',
        title: `Discovery call between ${host.name} and ${invitee.name}`,
        description: '',
        additionalNotes: '',
        customInputs: {},
        startTime: iso(invitee.startsAt),
        endTime: iso(end(invitee)),
        organizer: {
          id: 5,
          name: host.name,
          email: host.email,
          username: 'sam',
          timeZone: 'Europe/London',
          language: { locale: 'en' },
          timeFormat: 'h:mma',
          utcOffset: 0,
        },
        responses: {
          name: { label: 'your_name', value: invitee.name },
          email: { label: 'email_address', value: invitee.email },
          location: { label: 'location', value: { optionValue: '', value: 'integrations:daily' } },
          guests: { label: 'additional_guests' },
          ...Object.fromEntries(
            (invitee.answers ?? []).map((answer, index) => [
              `question${index}`,
              { label: answer.question, value: answer.answer },
            ]),
          ),
        },
        userFieldsResponses: {},
        attendees: [
          {
            email: invitee.email,
            name: invitee.name,
            firstName,
            lastName: rest.join(' '),
            timeZone: 'Europe/London',
            language: { locale: 'en' },
            utcOffset: 0,
          },
        ],
        location: 'integrations:daily',
        eventTypeId: 7,
        uid,
        bookingId: 91,
        eventTitle: 'Discovery call',
        eventDescription: '',
        requiresConfirmation: null,
        price: 0,
        currency: 'usd',
        length: invitee.minutes ?? 30,
        metadata: {
          videoCallUrl: `https://app.cal.com/video/${uid}`,
          ...(invitee.token ? { lead: invitee.token } : {}),
        },
        status: trigger === 'BOOKING_CANCELLED' ? 'CANCELLED' : 'ACCEPTED',
        ...(trigger === 'BOOKING_RESCHEDULED'
          ? { rescheduleId: 90, rescheduleUid: extra.rescheduleUid, rescheduledBy: invitee.email }
          : {}),
        ...(trigger === 'BOOKING_CANCELLED'
          ? {
              cancellationReason: 'No longer needed',
              cancelledBy: invitee.email,
              requestReschedule: false,
            }
          : {}),
      },
    };
  },

  /** X-Cal-Signature-256 for a raw body. */
  sign: (raw: string, secret: string) => createHmac('sha256', secret).update(raw).digest('hex'),
};
