// Company-specific values the spec does not fix. They are read at build time from VITE_* variables;
// the fallbacks below are EXAMPLE values for local builds and must be replaced for production.
const EXAMPLE_DEFAULTS = {
  brandName: 'Proposa',
  siteUrl: 'https://www.example.com',
  contactEmail: 'hello@example.com',
  accessibilityEmail: 'accessibility@example.com',
  privacyEmail: 'privacy@example.com',
  schedulerUrl: 'https://cal.com/example/discovery-call',
} as const;

function pick(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const siteConfig = {
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
} as const;

export type SiteConfig = typeof siteConfig;
