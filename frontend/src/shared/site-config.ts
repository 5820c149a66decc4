// Company-specific values the product leaves open. They are read at build time from VITE_*
// variables; the fallbacks below are EXAMPLE values for local builds and must be replaced for
// production.
export const EXAMPLE_DEFAULTS = {
  brandName: 'Proposa',
  siteUrl: 'https://www.example.com',
  contactEmail: 'hello@example.com',
  accessibilityEmail: 'accessibility@example.com',
  privacyEmail: 'privacy@example.com',
  schedulerUrl: 'https://cal.com/example/discovery-call',
  /** Where security researchers report a vulnerability (security.txt's Contact: a URI). */
  securityContact: 'mailto:security@example.com',
  /** The vulnerability disclosure policy (security.txt's Policy). */
  securityPolicyUrl: 'https://www.example.com/security-policy',
} as const;

export type SiteConfig = { readonly [K in keyof typeof EXAMPLE_DEFAULTS]: string };

/** The build-time variable behind each value. */
export const SITE_CONFIG_VARIABLES: { readonly [K in keyof SiteConfig]: string } = {
  brandName: 'VITE_BRAND_NAME',
  siteUrl: 'VITE_SITE_URL',
  contactEmail: 'VITE_CONTACT_EMAIL',
  accessibilityEmail: 'VITE_ACCESSIBILITY_EMAIL',
  privacyEmail: 'VITE_PRIVACY_EMAIL',
  schedulerUrl: 'VITE_SCHEDULER_URL',
  securityContact: 'VITE_SECURITY_CONTACT',
  securityPolicyUrl: 'VITE_SECURITY_POLICY_URL',
};

function pick(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const siteConfig: SiteConfig = {
  brandName: pick(import.meta.env.VITE_BRAND_NAME, EXAMPLE_DEFAULTS.brandName),
  // Canonical URLs and the sitemap are built from it, so a trailing slash would double up.
  siteUrl: pick(import.meta.env.VITE_SITE_URL, EXAMPLE_DEFAULTS.siteUrl).replace(/\/+$/, ''),
  contactEmail: pick(import.meta.env.VITE_CONTACT_EMAIL, EXAMPLE_DEFAULTS.contactEmail),
  accessibilityEmail: pick(
    import.meta.env.VITE_ACCESSIBILITY_EMAIL,
    EXAMPLE_DEFAULTS.accessibilityEmail,
  ),
  privacyEmail: pick(import.meta.env.VITE_PRIVACY_EMAIL, EXAMPLE_DEFAULTS.privacyEmail),
  schedulerUrl: pick(import.meta.env.VITE_SCHEDULER_URL, EXAMPLE_DEFAULTS.schedulerUrl),
  securityContact: pick(import.meta.env.VITE_SECURITY_CONTACT, EXAMPLE_DEFAULTS.securityContact),
  securityPolicyUrl: pick(
    import.meta.env.VITE_SECURITY_POLICY_URL,
    EXAMPLE_DEFAULTS.securityPolicyUrl,
  ),
};

/**
 * The variables whose value is still the example default, in the order above; empty for a real
 * site. A build with any of them must not pass for finished: the build warns, and the pages ask
 * search engines to stay away (document-head.ts, crawler-files.ts). Case is ignored, as it is in
 * host names and, in practice, in email addresses.
 */
export function exampleConfigVariables(config: SiteConfig = siteConfig): string[] {
  const keys = Object.keys(EXAMPLE_DEFAULTS) as (keyof SiteConfig)[];
  return keys
    .filter((key) => config[key].toLowerCase() === EXAMPLE_DEFAULTS[key].toLowerCase())
    .map((key) => SITE_CONFIG_VARIABLES[key]);
}
