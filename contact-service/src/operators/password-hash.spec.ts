import { describe, expect, it } from '@jest/globals';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('stores a salted scrypt hash, never the password', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain('correct horse');
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('s3cret-Passphrase');
    await expect(verifyPassword('s3cret-Passphrase', stored)).resolves.toBe(true);
    await expect(verifyPassword('s3cret-passphrase', stored)).resolves.toBe(false);
    await expect(verifyPassword('anything', 'plain-text')).resolves.toBe(false);
  });
});
