import { describe, expect, it } from '@jest/globals';
import { randomBytes, scryptSync } from 'node:crypto';
import {
  HASHES_AT_ONCE,
  hashPassword,
  needsRehash,
  PasswordHashBusy,
  QUEUE_LIMIT,
  verifyPassword,
} from './password-hash.js';

describe('password hashing', () => {
  it('stores a salted scrypt hash, never the password', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain('correct horse');
    expect(first).not.toBe(second);
    expect(needsRehash(first)).toBe(false);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('s3cret-Passphrase');
    await expect(verifyPassword('s3cret-Passphrase', stored)).resolves.toBe(true);
    await expect(verifyPassword('s3cret-passphrase', stored)).resolves.toBe(false);
    await expect(verifyPassword('anything', 'plain-text')).resolves.toBe(false);
  });

  it('still verifies a password stored under the earlier parameters, and says to store it again', async () => {
    // N=2^17, r=8, p=1: 128 MiB while it runs, as every password was stored before.
    const salt = randomBytes(16);
    const key = scryptSync('an older passphrase', salt, 32, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 2 ** 28,
    });
    const stored = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
    await expect(verifyPassword('an older passphrase', stored)).resolves.toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });

  it(`runs ${HASHES_AT_ONCE} at once, queues ${QUEUE_LIMIT}, and refuses the next at once`, async () => {
    // Stored under a cheap cost (the parameters travel with the hash): every check is asked for
    // in one go, before the first derivation can end, so the queue fills the same at any cost,
    // and 67 checks at today's (0.1-0.3 s each, two at a time) took 10 s to 30 s for nothing.
    const salt = randomBytes(16);
    const key = scryptSync('a queue of sign-ins', salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const stored = ['scrypt', 2 ** 10, 8, 1, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
    const checks = Array.from({ length: HASHES_AT_ONCE + QUEUE_LIMIT + 1 }, () =>
      verifyPassword('a queue of sign-ins', stored).then(
        (right) => right,
        (error: unknown) => error,
      ),
    );
    const outcomes = await Promise.all(checks);
    expect(outcomes.filter((outcome) => outcome === true)).toHaveLength(
      HASHES_AT_ONCE + QUEUE_LIMIT,
    );
    expect(outcomes.filter((outcome) => outcome instanceof PasswordHashBusy)).toHaveLength(1);
    // The queue drained: the next check runs.
    await expect(verifyPassword('a queue of sign-ins', stored)).resolves.toBe(true);
    // The test counts outcomes; it gates no time.
  }, 120_000);
});
