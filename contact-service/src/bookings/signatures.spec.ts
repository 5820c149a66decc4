import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { parseEnv, secretValues } from '../config/env.js';
import { BookingRefusal } from './booking-event.js';
import { CALENDLY_TOLERANCE_SECONDS, verifyCalCom, verifyCalendly } from './signatures.js';

// The schedulers' schemes, computed here from their documentation rather than by the code under
// test: Calendly signs "<t>.<raw body>", Cal.com the raw body, both HMAC-SHA256 in hex.
const OLD = 'the-old-signing-key-0123456789';
const NEW = 'the-new-signing-key-0123456789';
const body = Buffer.from('{"event":"invitee.created","payload":{}}');
const now = new Date('2026-11-27T12:00:00Z');
const t = now.getTime() / 1000;
const calendly = (key: string, at = t, raw: Buffer = body) =>
  `t=${at},v1=${createHmac('sha256', key).update(`${at}.`).update(raw).digest('hex')}`;
const calCom = (secret: string, raw: Buffer = body) =>
  createHmac('sha256', secret).update(raw).digest('hex');

const refusal = (check: () => void) => {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(BookingRefusal);
    return (error as BookingRefusal).status;
  }
  return 'accepted';
};

describe("Calendly's signature", () => {
  it('holds under either key of a rotation, and within the tolerance only', () => {
    for (const key of [OLD, NEW]) {
      expect(refusal(() => verifyCalendly(calendly(key), body, [OLD, NEW], now))).toBe('accepted');
    }
    expect(refusal(() => verifyCalendly(calendly(NEW), body, [OLD], now))).toBe(401);
    const edge = t - CALENDLY_TOLERANCE_SECONDS;
    expect(refusal(() => verifyCalendly(calendly(OLD, edge), body, [OLD], now))).toBe('accepted');
    expect(refusal(() => verifyCalendly(calendly(OLD, edge - 1), body, [OLD], now))).toBe(401);
    expect(refusal(() => verifyCalendly(calendly(OLD, t + 181), body, [OLD], now))).toBe(401);
  });

  it('is refused when missing, garbled, or over other bytes', () => {
    const other = Buffer.from(`${body.toString()} `);
    for (const header of [
      undefined,
      '',
      'v1=abc',
      `t=${t}`,
      `t=${t},v1=${'zz'.repeat(32)}`,
      `t=${t},v1=${'ab'.repeat(31)}`,
      `t=soon,${calendly(OLD).split(',')[1]}`,
    ]) {
      expect([header, refusal(() => verifyCalendly(header, body, [OLD], now))]).toEqual([
        header,
        401,
      ]);
    }
    expect(refusal(() => verifyCalendly(calendly(OLD), other, [OLD], now))).toBe(401);
  });
});

describe("Cal.com's signature", () => {
  it('holds under either secret, and is refused without one or over other bytes', () => {
    expect(refusal(() => verifyCalCom(calCom(NEW), body, [OLD, NEW]))).toBe('accepted');
    expect(refusal(() => verifyCalCom(calCom(NEW).toUpperCase(), body, [NEW]))).toBe('accepted');
    expect(refusal(() => verifyCalCom('no-secret-provided', body, [OLD]))).toBe(401);
    expect(refusal(() => verifyCalCom(undefined, body, [OLD]))).toBe(401);
    expect(refusal(() => verifyCalCom(calCom(OLD, Buffer.from('{}')), body, [OLD]))).toBe(401);
  });
});

describe('the keys as settings', () => {
  const database = { DATABASE_URL: 'postgres://u:p@db:5432/contact' };
  it('take one key, or two while one replaces the other, each of 16 characters or more', () => {
    expect(
      parseEnv({ ...database, CALENDLY_WEBHOOK_SIGNING_KEY: OLD }).CALENDLY_WEBHOOK_SIGNING_KEY,
    ).toEqual([OLD]);
    expect(
      parseEnv({ ...database, CALCOM_WEBHOOK_SECRET: `${OLD}, ${NEW}` }).CALCOM_WEBHOOK_SECRET,
    ).toEqual([OLD, NEW]);
    // Both keys are kept out of any log line (config/env.ts, secretValues).
    const both = parseEnv({ ...database, CALENDLY_WEBHOOK_SIGNING_KEY: `${OLD},${NEW}` });
    expect(secretValues(both)).toEqual(expect.arrayContaining([OLD, NEW]));
    expect(() => parseEnv({ ...database, CALCOM_WEBHOOK_SECRET: 'short' })).toThrow(
      /CALCOM_WEBHOOK_SECRET/,
    );
    expect(() =>
      parseEnv({ ...database, CALENDLY_WEBHOOK_SIGNING_KEY: `${OLD},${NEW},${OLD}` }),
    ).toThrow(/CALENDLY_WEBHOOK_SIGNING_KEY/);
  });
});
