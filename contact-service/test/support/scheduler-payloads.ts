import examples from '@proposal-site/contract/scheduler-webhooks.json' with { type: 'json' };
import { createHmac, randomUUID } from 'node:crypto';

/**
 * Scheduler webhooks in the shapes their providers document (contract/scheduler-webhooks.json),
 * with this test's invitee, times and references filled in, signed with each provider's scheme.
 */
export interface Invitee {
  name: string;
  email: string;
  host?: { name: string; email: string };
  startsAt: Date;
  minutes?: number;
  answers?: { question: string; answer: string }[];
  /** The token the booking link carried (a lead id, to test that one matches nothing). */
  token?: string;
}

const HOST = { name: 'Sam Host', email: 'sam.host@bank-proposals.example' };
const clone = <T>(value: T): T => structuredClone(value);
const end = (invitee: Invitee) =>
  new Date(invitee.startsAt.getTime() + (invitee.minutes ?? 30) * 60_000).toISOString();

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
    const body = clone(examples.calendly[event]);
    const host = invitee.host ?? HOST;
    const { payload } = body;
    Object.assign(payload, {
      uri,
      event: uri.replace(/\/invitees\/.*$/, ''),
      name: invitee.name,
      email: invitee.email,
      questions_and_answers: (invitee.answers ?? []).map((answer, position) => ({
        ...answer,
        position,
      })),
      rescheduled: extra.rescheduled ?? false,
      old_invitee: extra.oldInvitee ?? null,
      new_invitee: extra.newInvitee ?? null,
    });
    (payload.tracking as Record<string, string | null>).utm_content = invitee.token ?? null;
    Object.assign(payload.scheduled_event, {
      uri: payload.event,
      start_time: invitee.startsAt.toISOString(),
      end_time: end(invitee),
      event_memberships: [
        {
          ...payload.scheduled_event.event_memberships[0],
          user_email: host.email,
          user_name: host.name,
        },
      ],
    });
    return body;
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
    const body = clone(
      examples['cal.com'][trigger],
    ) as (typeof examples)['cal.com']['BOOKING_RESCHEDULED'];
    const host = invitee.host ?? HOST;
    const { payload } = body;
    Object.assign(payload, {
      uid,
      startTime: invitee.startsAt.toISOString(),
      endTime: end(invitee),
      title: `Discovery call between ${host.name} and ${invitee.name}`,
      metadata: { ...payload.metadata, lead: invitee.token },
      responses: {
        ...payload.responses,
        name: { label: 'your_name', value: invitee.name },
        email: { label: 'email_address', value: invitee.email },
        ...Object.fromEntries(
          (invitee.answers ?? []).map((answer, index) => [
            `question${index}`,
            { label: answer.question, value: answer.answer },
          ]),
        ),
      },
    });
    Object.assign(payload.organizer, host);
    Object.assign(payload.attendees[0]!, { name: invitee.name, email: invitee.email });
    if (trigger === 'BOOKING_RESCHEDULED') payload.rescheduleUid = extra.rescheduleUid ?? '';
    return body;
  },

  /** X-Cal-Signature-256 for a raw body. */
  sign: (raw: string, secret: string) => createHmac('sha256', secret).update(raw).digest('hex'),
};
