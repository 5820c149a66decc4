import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseEnv, redact, secretValues } from './env.js';

const DATABASE = { DATABASE_URL: 'postgres://contact@db:5432/contact' };

function configError(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('the environment was accepted');
}

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv(DATABASE);
    expect(env.PORT).toBe(3000);
    expect(env.EMBEDDED_DATABASE).toBe(false);
    expect(env.TRUST_PROXY).toEqual(['127.0.0.1/8', '::1/128']);
    expect(env.RATE_LIMIT_MAX).toBe(20);
    expect(env.MIGRATION_TIMEOUT_MS).toBe(600_000);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['TRUST_PROXY', '10.0.0.0/8,nginx'],
    ['RATE_LIMIT_MAX', '0'],
    ['LOG_LEVEL', 'loud'],
    ['EMBEDDED_DATABASE', 'yes'],
  ])('rejects %s=%s with one line naming it and its value', (name, value) => {
    const message = configError({ ...DATABASE, [name]: value });
    expect(message).toContain(name);
    expect(message).toContain(JSON.stringify(value));
  });

  describe('the database', () => {
    it('refuses to start without DATABASE_URL, naming it', () => {
      expect(configError({})).toMatch(/^Invalid configuration: DATABASE_URL is not set/);
      // An empty value is no value.
      expect(configError({ DATABASE_URL: '' })).toContain('DATABASE_URL is not set');
    });

    it('starts an embedded database only when asked to, and never in production', () => {
      expect(parseEnv({ EMBEDDED_DATABASE: 'true' }).EMBEDDED_DATABASE).toBe(true);
      expect(configError({ EMBEDDED_DATABASE: 'true', NODE_ENV: 'production' })).toContain(
        'EMBEDDED_DATABASE is for development only',
      );
      expect(configError({ NODE_ENV: 'production' })).toContain('DATABASE_URL is not set');
      expect(configError({ ...DATABASE, EMBEDDED_DATABASE: 'true' })).toContain(
        'EMBEDDED_DATABASE cannot be true together with DATABASE_URL',
      );
    });
  });

  describe('secrets', () => {
    it.each([
      'mysql://root:s3cret-pw@localhost/db',
      'postgres://contact:s3cret-pw@db:notaport/contact',
      'not a url s3cret-pw',
    ])('names an invalid DATABASE_URL without echoing it: %s', (value) => {
      const message = configError({ DATABASE_URL: value });
      expect(message).toContain('DATABASE_URL');
      expect(message).not.toContain('s3cret-pw');
      expect(message).not.toContain(value);
    });

    it('never echoes the value of a setting that is not known to be harmless', () => {
      // Any setting added later is a secret until it is listed as harmless.
      const message = configError({ ...DATABASE, DATABASE_POOL_SIZE: '1000', PORT: 'x' });
      expect(message).toContain('"1000"');
      expect(configError({ DATABASE_URL: 'ftp://u:hunter2hunter2@h/x' })).not.toContain('hunter2');
    });

    it('lists the password, decoded and encoded, and the URL as values to redact', () => {
      const env = parseEnv({
        DATABASE_URL: 'postgres://contact:p%40ss%2Fword@db:5432/contact',
        PGPASSWORD: 'other:secret',
      });
      const secrets = secretValues(env);
      expect(secrets).toEqual(
        expect.arrayContaining(['p%40ss%2Fword', 'p@ss/word', 'other:secret', env.DATABASE_URL]),
      );
      expect(redact('connect to postgres://contact:p%40ss%2Fword@db failed', secrets)).toBe(
        'connect to postgres://contact:[redacted]@db failed',
      );
    });
  });

  it("names the driver's own PGPASSWORD when the earlier DATABASE_PASSWORD is left set", () => {
    expect(configError({ ...DATABASE, DATABASE_PASSWORD: 'hunter2hunter2' })).toBe(
      'Invalid configuration: DATABASE_PASSWORD is now PGPASSWORD, the name the Postgres driver and tools read themselves: rename it',
    );
  });

  describe('the promises', () => {
    it('refuses the callback hours as a setting: the site states them, the service tracks them', () => {
      expect(configError({ ...DATABASE, CONTACT_RESPONSE_HOURS: '48' })).toBe(
        'Invalid configuration: CONTACT_RESPONSE_HOURS is no longer a setting: the callback promise is the one the site states (contract/promises.json), tracked as written; remove it',
      );
    });

    it('keeps the reminder before the promise is due', () => {
      expect(
        parseEnv({ ...DATABASE, CONTACT_REMINDER_HOURS: '23.95' }).CONTACT_REMINDER_HOURS,
      ).toBe(23.95);
      expect(configError({ ...DATABASE, CONTACT_REMINDER_HOURS: '24' })).toContain(
        "CONTACT_REMINDER_HOURS must be less than the callback promise's 24 hours",
      );
    });
  });

  describe('BACKGROUND_JOBS, once NOTIFY_WORKER', () => {
    it('is on by default; the old name stops the start and says the new one', () => {
      expect(parseEnv(DATABASE).BACKGROUND_JOBS).toBe(true);
      expect(parseEnv({ ...DATABASE, BACKGROUND_JOBS: 'false' }).BACKGROUND_JOBS).toBe(false);
      expect(configError({ ...DATABASE, NOTIFY_WORKER: 'false' })).toBe(
        'Invalid configuration: NOTIFY_WORKER is now called BACKGROUND_JOBS: rename it',
      );
    });
  });

  describe('the operators’ console', () => {
    it('is off without CONSOLE_SECRET_KEY and refuses a short one without showing it', () => {
      expect(parseEnv(DATABASE).CONSOLE_SECRET_KEY).toBeUndefined();
      const short = Buffer.alloc(16, 7).toString('base64');
      const message = configError({ ...DATABASE, CONSOLE_SECRET_KEY: short });
      expect(message).toContain('CONSOLE_SECRET_KEY must be at least 32 random bytes');
      expect(message).not.toContain(short);
      const key = Buffer.alloc(32, 7).toString('base64');
      expect(parseEnv({ ...DATABASE, CONSOLE_SECRET_KEY: key }).CONSOLE_SECRET_KEY).toBe(key);
      expect(secretValues(parseEnv({ ...DATABASE, CONSOLE_SECRET_KEY: key }))).toContain(key);
    });

    it('keeps the audit trail at least a year', () => {
      expect(configError({ ...DATABASE, AUDIT_RETENTION_DAYS: '30' })).toContain(
        'AUDIT_RETENTION_DAYS',
      );
    });
  });
});

describe('single sign-on settings', () => {
  const SSO = {
    ...DATABASE,
    CONSOLE_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    OIDC_ISSUER_URL: 'https://login.example.com/realms/bank',
    OIDC_CLIENT_ID: 'console',
    OIDC_CLIENT_SECRET: 'a client secret nobody may see',
    OIDC_ALLOWED_DOMAINS: 'Bank.example, partners.example',
    OIDC_MEMBER_GROUPS: 'sales',
  };

  it('reads a complete configuration, with its defaults', () => {
    const env = parseEnv(SSO);
    expect(env.OIDC_ALLOWED_DOMAINS).toEqual(['bank.example', 'partners.example']);
    expect(env.OIDC_GROUPS_CLAIM).toBe('groups');
    expect(env.OIDC_RECHECK_MINUTES).toBe(10);
    expect(env.SSO_REQUIRED).toBe(false);
    expect(secretValues(env)).toContain('a client secret nobody may see');
  });

  it.each([
    [{ OIDC_ISSUER_URL: undefined }, 'OIDC_ISSUER_URL is not set, but OIDC_CLIENT_ID'],
    [
      { OIDC_ISSUER_URL: 'http://login.example.com' },
      'OIDC_ISSUER_URL must be the provider’s https:// issuer URL',
    ],
    [{ OIDC_CLIENT_SECRET: undefined }, 'OIDC_CLIENT_SECRET is not set'],
    [{ OIDC_ALLOWED_DOMAINS: undefined }, 'OIDC_ALLOWED_DOMAINS is not set'],
    [
      { OIDC_ALLOWED_DOMAINS: 'bank.example, *.example' },
      'OIDC_ALLOWED_DOMAINS must be domain names',
    ],
    [{ OIDC_MEMBER_GROUPS: undefined }, 'OIDC_MEMBER_GROUPS is not set, nor OIDC_ADMIN_GROUPS'],
    [{ OIDC_ADMIN_GROUPS: '*' }, 'OIDC_ADMIN_GROUPS cannot be *'],
    [{ SSO_REQUIRED: 'yes' }, 'SSO_REQUIRED must be true or false'],
  ])('refuses %j in one line that names the setting', (change, expected) => {
    const source = Object.fromEntries(
      Object.entries({ ...SSO, ...change }).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
    const message = configError(source);
    expect(message).toContain(expected);
    expect(message).not.toContain('a client secret nobody may see');
  });

  it('reads SSO_REQUIRED as every switch, true or false, and on or off as 1.1.0 wrote it', () => {
    expect(parseEnv({ ...SSO, SSO_REQUIRED: 'true' }).SSO_REQUIRED).toBe(true);
    expect(parseEnv({ ...SSO, SSO_REQUIRED: 'on' }).SSO_REQUIRED).toBe(true);
    expect(parseEnv({ ...SSO, SSO_REQUIRED: 'off' }).SSO_REQUIRED).toBe(false);
  });

  it('refuses SSO_REQUIRED=true without a provider: nobody but break-glass could sign in', () => {
    expect(configError({ ...DATABASE, SSO_REQUIRED: 'true' })).toContain(
      'SSO_REQUIRED is true, but OIDC_ISSUER_URL is not set',
    );
  });
});
