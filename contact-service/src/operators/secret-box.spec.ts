import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('opens what it sealed, and every seal of the same secret differs', () => {
    const secret = randomBytes(20);
    const [one, two] = [box.seal(secret), box.seal(secret)];
    expect(box.open(one)).toEqual(secret);
    expect(one.equals(two)).toBe(false);
    expect(one.includes(secret)).toBe(false);
  });

  it('refuses a sealed value that was changed, or sealed under another key', () => {
    const sealed = box.seal(randomBytes(20));
    const changed = Buffer.from(sealed);
    changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
    expect(() => box.open(changed)).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });
});
