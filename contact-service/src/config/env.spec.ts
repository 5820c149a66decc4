import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseEnv } from './env.js';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toEqual(['127.0.0.1/8', '::1/128']);
    expect(env.RATE_LIMIT_MAX).toBe(20);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['TRUST_PROXY', '10.0.0.0/8,nginx'],
    ['RATE_LIMIT_MAX', '0'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s with one line naming it', (name, value) => {
    let error: unknown;
    try {
      parseEnv({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).toContain(JSON.stringify(value));
    expect(message).not.toContain('\n');
  });
});
