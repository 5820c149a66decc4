import { describe, expect, it } from '@jest/globals';
import { acceptedStep, codeAt, newTotpSecret, provisioningUri } from './totp.js';

const at = (iso: string) => new Date(iso);

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = at('2026-11-24T10:00:15Z');
  const step = Math.floor(now.getTime() / 30_000);

  it('accepts the code of now and of one step either side, and nothing further', () => {
    expect(acceptedStep(secret, codeAt(secret, now), now, null)).toBe(step);
    expect(acceptedStep(secret, codeAt(secret, at('2026-11-24T09:59:50Z')), now, null)).toBe(
      step - 1,
    );
    expect(acceptedStep(secret, codeAt(secret, at('2026-11-24T10:00:40Z')), now, null)).toBe(
      step + 1,
    );
    expect(acceptedStep(secret, codeAt(secret, at('2026-11-24T10:01:10Z')), now, null)).toBeNull();
  });

  it('accepts a code once: not again, nor an older one after a newer', () => {
    const code = codeAt(secret, now);
    expect(acceptedStep(secret, code, now, step)).toBeNull();
    expect(acceptedStep(secret, codeAt(secret, at('2026-11-24T09:59:50Z')), now, step)).toBeNull();
  });

  it('refuses what is not six digits, and another secret’s code', () => {
    expect(acceptedStep(secret, '12345', now, null)).toBeNull();
    expect(acceptedStep(secret, 'abcdef', now, null)).toBeNull();
    expect(acceptedStep(newTotpSecret(), codeAt(secret, now), now, null)).toBeNull();
  });

  it('gives authenticator apps a standard otpauth URI', () => {
    expect(provisioningUri(secret, 'ada', 'Proposals console')).toMatch(
      /^otpauth:\/\/totp\/Proposals%20console:ada\?issuer=Proposals%20console&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
  });
});
