import { SYSTEM_ACTORS } from '../accounts.js';
import type { Role } from '../user.entity.js';

/** Who may come in through the provider, from the settings (OIDC_*). */
export interface AccessRules {
  allowedDomains: readonly string[];
  groupsClaim: string;
  adminGroups: readonly string[];
  /** `*`: every verified address of an allowed domain is a member. */
  memberGroups: readonly string[];
  /** Empty: any; otherwise the ID token's acr must be one of these. */
  requiredAcr: readonly string[];
}

/**
 * Why the provider's user does not get in: the console's sign-in screen says what to do for each
 * (frontend/src/console/screens/SignInPage.tsx), the audit trail records the detail.
 */
export type Refusal =
  /** The sign-in took too long, or its link was used already: start again. */
  | 'expired'
  /** The provider's answer does not hold up (state, nonce, token, an error it sent). */
  | 'failed'
  /** No verified e-mail address, or not at an allowed domain. */
  | 'domain'
  /** In none of the groups that give a role. */
  | 'group'
  /** The provider did not assert the multi-factor sign-in OIDC_REQUIRED_ACR asks for. */
  | 'mfa'
  /** The linked account is disabled in the console. */
  | 'disabled'
  /** The provider cannot be reached. */
  | 'unavailable';

/** The audit trail's actor for what the provider's sign-ins do to accounts. */
export const SSO_ACTOR = 'single sign-on';

export interface Admitted {
  email: string;
  role: Role;
}

export type Decision = Admitted | { refused: Refusal; detail: string };

const ADDRESS = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

/**
 * The one rule of who gets in and with which role, read from the provider's claims (the ID
 * token's, with the userinfo's groups when the ID token has none): a verified address whose
 * domain is exactly an allowed one (no subdomain, no look-alike: compared as ASCII text), the
 * acr asked for, and a group that maps to a role (admin before member). An account is never
 * found by its address: the address decides only whether someone may come in.
 */
export function decideAccess(claims: Record<string, unknown>, rules: AccessRules): Decision {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  // Entra ID asserts a verified address with its optional claim xms_edov (the domain's owner
  // verified it), not email_verified.
  const verified = claims.email_verified === true || claims.xms_edov === true;
  if (!ADDRESS.test(email)) return { refused: 'domain', detail: 'no e-mail address' };
  if (!verified) return { refused: 'domain', detail: 'e-mail address not verified' };
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!rules.allowedDomains.includes(domain)) {
    return { refused: 'domain', detail: `domain not allowed: ${domain.slice(0, 100)}` };
  }
  if (rules.requiredAcr.length > 0) {
    const acr = typeof claims.acr === 'string' ? claims.acr : '';
    if (!rules.requiredAcr.includes(acr)) {
      return { refused: 'mfa', detail: `acr not accepted: ${acr.slice(0, 100) || '(none)'}` };
    }
  }
  const groups = groupsOf(claims[rules.groupsClaim]);
  const role: Role | null = rules.adminGroups.some((group) => groups.includes(group))
    ? 'admin'
    : rules.memberGroups.includes('*') || rules.memberGroups.some((group) => groups.includes(group))
      ? 'member'
      : null;
  if (!role) return { refused: 'group', detail: `groups: ${groups.length}` };
  return { email: email.toLowerCase(), role };
}

/** A groups claim: a list of names (or ids), or one name; anything else is no group. */
export function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** Whether the claims carry the groups claim at all (when not, the userinfo is asked). */
export const hasGroups = (claims: Record<string, unknown>, groupsClaim: string) =>
  claims[groupsClaim] !== undefined;

/**
 * A username for an account made at its first sign-in: the address's local part in the
 * characters usernames allow (accounts.ts), then -2, -3… when taken.
 */
export function usernameFor(email: string, attempt: number): string {
  const local = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  let base = local
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 56);
  if (base.length < 2) base = `operator${base}`;
  // auto-assign@… is a person, not the product giving leads in turn: a number tells them apart.
  const taken = SYSTEM_ACTORS.includes(base);
  return attempt === 1 && !taken ? base : `${base}-${taken ? attempt + 1 : attempt}`;
}

/** What the sign-in button calls the provider when OIDC_PROVIDER_NAME does not say. */
export function providerNameOf(issuer: string): string {
  const url = new URL(issuer);
  const host = url.hostname;
  if (host === 'login.microsoftonline.com' || host.endsWith('.ciamlogin.com')) {
    return 'Microsoft Entra ID';
  }
  if (/\.okta(preview)?\.com$/.test(host) || host.endsWith('.okta-emea.com')) return 'Okta';
  if (host === 'accounts.google.com') return 'Google';
  if (url.pathname.includes('/realms/')) return 'Keycloak';
  return host;
}
