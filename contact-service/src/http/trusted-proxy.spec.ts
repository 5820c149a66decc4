import { describe, expect, it } from '@jest/globals';
import { trustedProxy } from './trusted-proxy.js';

describe('trustedProxy', () => {
  const trust = trustedProxy(['127.0.0.1/8', '::1/128', '172.16.0.0/12']);

  it('believes the first hop when it is a configured proxy', () => {
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::1', 0)).toBe(true);
    expect(trust('::ffff:172.18.0.5', 0)).toBe(true);
  });

  it('never believes a second hop, whatever its address', () => {
    expect(trust('127.0.0.1', 1)).toBe(false);
  });

  it('does not believe other addresses', () => {
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('2001:db8::1', 0)).toBe(false);
  });

  it('trusts nobody when the list is empty', () => {
    expect(trustedProxy([])('127.0.0.1', 0)).toBe(false);
  });
});
