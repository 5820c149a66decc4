import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { AccountError, SYSTEM_ACTORS, usernameOf } from '../accounts.js';
import { decideAccess, providerNameOf, usernameFor, type AccessRules } from './sso-rules.js';

const RULES: AccessRules = {
  allowedDomains: ['bank.example'],
  groupsClaim: 'groups',
  adminGroups: ['console-admins'],
  memberGroups: ['sales'],
  requiredAcr: [],
};
const user = (more: Record<string, unknown> = {}) => ({
  sub: 's',
  email: 'ada@bank.example',
  email_verified: true,
  groups: ['sales'],
  ...more,
});

describe('decideAccess', () => {
  it('admits a verified address of an allowed domain, admin before member', () => {
    expect(decideAccess(user(), RULES)).toEqual({ email: 'ada@bank.example', role: 'member' });
    expect(decideAccess(user({ groups: ['sales', 'console-admins'] }), RULES)).toEqual({
      email: 'ada@bank.example',
      role: 'admin',
    });
    expect(decideAccess(user({ groups: 'console-admins' }), RULES)).toMatchObject({
      role: 'admin',
    });
    expect(decideAccess(user({ email_verified: undefined, xms_edov: true }), RULES)).toMatchObject({
      role: 'member',
    });
    expect(decideAccess(user({ groups: [] }), { ...RULES, memberGroups: ['*'] })).toMatchObject({
      role: 'member',
    });
  });

  it.each([
    [{ email_verified: false }, 'domain'],
    [{ email_verified: 'true' }, 'domain'],
    [{ xms_edov: 'true', email_verified: undefined }, 'domain'],
    [{ email: 'ada@bank.example.evil.example' }, 'domain'],
    [{ email: 'ada@sub.bank.example' }, 'domain'],
    [{ email: 'ada@bаnk.example' }, 'domain'],
    [{ email: 'ada@xn--bnk-8cd.example' }, 'domain'],
    [{ email: 'ada@evil.example@bank.example' }, 'domain'],
    [{ email: ['ada@bank.example'] }, 'domain'],
    [{ groups: ['Sales'] }, 'group'],
    [{ groups: { 0: 'sales' } }, 'group'],
    [{ groups: undefined }, 'group'],
  ])('refuses %j (%s)', (claims, refused) => {
    expect(decideAccess(user(claims), RULES)).toMatchObject({ refused });
  });

  it('asks for the acr the settings name', () => {
    const rules = { ...RULES, requiredAcr: ['urn:mfa'] };
    expect(decideAccess(user(), rules)).toMatchObject({ refused: 'mfa' });
    expect(decideAccess(user({ acr: 'urn:mfa' }), rules)).toMatchObject({ role: 'member' });
  });

  it('admits no address whose domain is not exactly an allowed one, whatever the claims', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.emailAddress(), fc.constant('x@bank.example')),
        fc.anything(),
        fc.anything(),
        (email, verified, groups) => {
          const decision = decideAccess({ email, email_verified: verified, groups }, RULES);
          if ('refused' in decision) return;
          expect(verified).toBe(true);
          expect(decision.email.split('@').at(-1)).toBe('bank.example');
          expect(email.trim().toLowerCase()).toBe(decision.email);
        },
      ),
    );
  });
});

describe('usernameFor', () => {
  it('makes a username the accounts allow from any address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.integer({ min: 1, max: 50 }), (email, attempt) => {
        expect(usernameFor(email, attempt)).toMatch(/^[a-z0-9][a-z0-9._-]{1,63}$/);
      }),
    );
    expect(usernameFor('Ada.Lovelace@bank.example', 1)).toBe('ada.lovelace');
    expect(usernameFor('Ada.Lovelace@bank.example', 2)).toBe('ada.lovelace-2');
    expect(usernameFor('a@bank.example', 1)).toBe('operatora');
  });

  it('never makes the name of the product’s own actions, and usernameOf refuses it', () => {
    // Before, auto-assign@bank.example became "auto-assign", and passed for the system in a
    // lead's history ("given to … by auto-assign").
    expect(usernameFor('Auto-Assign@bank.example', 1)).toBe('auto-assign-2');
    expect(usernameFor('promise-watch@bank.example', 1)).toBe('promise-watch-2');
    expect(usernameFor('promise-watch@bank.example', 2)).toBe('promise-watch-3');
    for (const name of SYSTEM_ACTORS) {
      expect(() => usernameOf(name.toUpperCase())).toThrow(AccountError);
    }
    expect(usernameOf('auto-assigner')).toBe('auto-assigner');
  });
});

describe('providerNameOf', () => {
  it.each([
    ['https://login.microsoftonline.com/tenant/v2.0', 'Microsoft Entra ID'],
    ['https://bank.okta.com', 'Okta'],
    ['https://accounts.google.com', 'Google'],
    ['https://sso.bank.example/realms/staff', 'Keycloak'],
    ['https://id.bank.example', 'id.bank.example'],
  ])('%s is %s', (issuer, name) => {
    expect(providerNameOf(issuer)).toBe(name);
  });
});
