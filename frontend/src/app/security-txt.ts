import { siteConfig, type SiteConfig } from '../shared/site-config';

/** Where RFC 9116 puts the file: https://www.rfc-editor.org/rfc/rfc9116#section-3 */
export const SECURITY_TXT_PATH = '/.well-known/security.txt';

/**
 * How long a build's security.txt stays valid. RFC 9116 (2.5.5) asks for less than a year, so
 * that a forgotten file expires instead of naming a contact nobody reads; the site is built on
 * every release, and the web tier warns at start when less than 30 days remain.
 */
export const SECURITY_TXT_LIFETIME_DAYS = 365;

/**
 * dist/.well-known/security.txt: how to report a vulnerability, in the format a bank's
 * vendor-security scanner reads. Expires is fixed at build time.
 */
export function securityTxt(config: SiteConfig = siteConfig, builtAt = new Date()): string {
  const expires = new Date(builtAt.getTime() + SECURITY_TXT_LIFETIME_DAYS * 86_400_000);
  return [
    `Contact: ${contactUri(config.securityContact)}`,
    // RFC 3339 (the RFC's 2.5.5), to the second.
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Policy: ${config.securityPolicyUrl}`,
    `Preferred-Languages: en`,
    `Canonical: ${config.siteUrl}${SECURITY_TXT_PATH}`,
    '',
  ].join('\n');
}

/** A Contact is a URI (2.5.3): a bare address given as the setting becomes a mailto: one. */
function contactUri(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `mailto:${value}`;
}
