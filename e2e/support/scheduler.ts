// Scheduler webhooks for the browser suite: the providers' documented payloads
// (contract/scheduler-webhooks.json) with this test's invitee, times and lead filled in, signed
// with the scheme of each, and sent to the public site through nginx like the scheduler sends
// them. The keys are the stack's (.env: CALENDLY_WEBHOOK_SIGNING_KEY, CALCOM_WEBHOOK_SECRET),
// handed over by e2e/scripts/run-e2e-containers.sh.
import examples from '@proposal-site/contract/scheduler-webhooks.json' with { type: 'json' };
import { createHmac, randomUUID } from 'node:crypto';
import { baseUrl } from './stack.ts';

const setting = (name: string) => {
  const value = process.env[`E2E_${name}`]?.split(',')[0];
  if (!value) throw new Error(`E2E_${name} is not set: the stack under test has no ${name}`);
  return value;
};

export interface Booking {
  name: string;
  email: string;
  startsAt: Date;
  /** What the booking link carried back: a lead's id here matches nothing (it is not sealed). */
  lead?: string;
}

const ends = (booking: Booking) => new Date(booking.startsAt.getTime() + 30 * 60_000).toISOString();

/** A Calendly invitee's URI: the booking's reference. */
export const calendlyInvitee = () =>
  `https://api.calendly.com/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`;

/** Calendly's `invitee.created` or `invitee.canceled` for the invitee `uri`, through nginx. */
export async function toCalendly(
  event: 'invitee.created' | 'invitee.canceled',
  uri: string,
  booking: Booking,
): Promise<Response> {
  const body = structuredClone(examples.calendly[event]);
  Object.assign(body.payload, { uri, name: booking.name, email: booking.email });
  (body.payload.tracking as Record<string, string | null>).utm_content = booking.lead ?? null;
  Object.assign(body.payload.scheduled_event, {
    start_time: booking.startsAt.toISOString(),
    end_time: ends(booking),
  });
  const raw = JSON.stringify(body);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', setting('CALENDLY_WEBHOOK_SIGNING_KEY'))
    .update(`${t}.${raw}`)
    .digest('hex');
  return post('calendly', raw, { 'calendly-webhook-signature': `t=${t},v1=${v1}` });
}

/** Cal.com's BOOKING_CREATED with `uid`, through nginx. */
export async function toCalCom(uid: string, booking: Booking): Promise<Response> {
  const body = structuredClone(examples['cal.com'].BOOKING_CREATED);
  Object.assign(body.payload, {
    uid,
    startTime: booking.startsAt.toISOString(),
    endTime: ends(booking),
    metadata: { lead: booking.lead },
  });
  Object.assign(body.payload.attendees[0]!, { name: booking.name, email: booking.email });
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', setting('CALCOM_WEBHOOK_SECRET'))
    .update(raw)
    .digest('hex');
  return post('cal-com', raw, { 'x-cal-signature-256': signature });
}

const post = (path: string, raw: string, headers: Record<string, string>) =>
  fetch(`${baseUrl}/api/bookings/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  });
