import { describe, expect, it } from '@jest/globals';
import { parseEnv } from '../../config/env.js';
import { scopesFor } from './relying-party.js';

const DATABASE = { DATABASE_URL: 'postgres://contact@db:5432/contact' };

describe('the scopes a sign-in asks for', () => {
  it('are OIDC_SCOPES, with groups and offline_access when the provider lists them', () => {
    const configured = parseEnv(DATABASE).OIDC_SCOPES;
    expect(scopesFor(configured, undefined)).toBe('openid email profile');
    // Dex lists groups: without asking for it, every sign-in would be refused as "no group".
    expect(scopesFor(configured, ['openid', 'email', 'groups', 'offline_access', 'profile'])).toBe(
      'openid email profile groups offline_access',
    );
    const named = parseEnv({ ...DATABASE, OIDC_SCOPES: ' openid  email profile groups ' });
    expect(scopesFor(named.OIDC_SCOPES, ['groups'])).toBe('openid email profile groups');
  });

  it('refuse a list without openid, or with a character a scope cannot hold', () => {
    for (const scopes of ['email profile', 'openid "email"', 'openid em\\ail']) {
      expect(() => parseEnv({ ...DATABASE, OIDC_SCOPES: scopes })).toThrow(
        'OIDC_SCOPES must be scopes separated by spaces, openid among them (openid email profile)',
      );
    }
  });
});
