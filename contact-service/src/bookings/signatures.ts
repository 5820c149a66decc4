import { createHmac, timingSafeEqual } from 'node:crypto';
import { BookingRefusal } from './booking-event.js';

/** How old a Calendly signature may be: its documentation's example allows three minutes. */
export const CALENDLY_TOLERANCE_SECONDS = 180;

const hmac = (key: string, ...parts: (string | Buffer)[]) => {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

/** Compares a hex signature with the expected digest in constant time. */
function matches(hex: string, expected: Buffer): boolean {
  if (!/^[0-9a-f]+$/i.test(hex) || hex.length !== expected.length * 2) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
}

const WRONG =
  'The signature does not match this body: check the signing key set for this endpoint.';

/**
 * Calendly-Webhook-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> under the
 * webhook subscription's signing key (developer.calendly.com, "Webhook signatures"). The time
 * keeps a recorded delivery from being replayed later. `keys`: one, or two during a rotation.
 */
export function verifyCalendly(
  header: string | undefined,
  raw: Buffer,
  keys: readonly string[],
  now: Date,
) {
  if (!header) throw new BookingRefusal(401, 'The Calendly-Webhook-Signature header is missing.');
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || !v1) {
    throw new BookingRefusal(401, 'The Calendly-Webhook-Signature header is not t=…,v1=….');
  }
  if (!keys.some((key) => matches(v1, hmac(key, `${t}.`, raw)))) {
    throw new BookingRefusal(401, WRONG);
  }
  const age = now.getTime() / 1000 - Number(t);
  if (Math.abs(age) > CALENDLY_TOLERANCE_SECONDS) {
    throw new BookingRefusal(
      401,
      `The signature is ${Math.round(age)} s old; at most ${CALENDLY_TOLERANCE_SECONDS} s is accepted. Check the clock of this server.`,
    );
  }
}

/**
 * X-Cal-Signature-256: <hex HMAC-SHA256 of the raw body> under the webhook's secret (Cal.com's
 * webhook sender); a webhook saved without a secret sends "no-secret-provided".
 */
export function verifyCalCom(header: string | undefined, raw: Buffer, secrets: readonly string[]) {
  if (!header) throw new BookingRefusal(401, 'The X-Cal-Signature-256 header is missing.');
  if (header === 'no-secret-provided') {
    throw new BookingRefusal(
      401,
      'The Cal.com webhook has no secret: set the same secret as CALCOM_WEBHOOK_SECRET.',
    );
  }
  if (!secrets.some((secret) => matches(header.trim(), hmac(secret, raw)))) {
    throw new BookingRefusal(401, WRONG);
  }
}
