import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;

export function newTotpSecret(): Buffer {
  return Buffer.from(new Secret({ size: 20 }).bytes);
}

/** The otpauth:// URI an authenticator app reads (as a QR code or pasted). */
export function provisioningUri(secret: Buffer, username: string, issuer: string): string {
  return totpOf(secret, username, issuer).toString();
}

/** The secret as people type it into an app that cannot read a QR code. */
export function base32Of(secret: Buffer): string {
  return new Secret({ buffer: new Uint8Array(secret).buffer }).base32;
}

/**
 * The time step a code belongs to, if it is right for the step of `now` or one step either side
 * (clocks drift), and later than `lastStep`, the step of the last code accepted: each code works
 * once.
 */
export function acceptedStep(
  secret: Buffer,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of `now`, for the tests (they play the authenticator app). */
export function codeAt(secret: Buffer, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

function totpOf(secret: Buffer, label = 'operator', issuer = 'Console'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: new Secret({ buffer: new Uint8Array(secret).buffer }),
  });
}
