import type { SiteConfig } from '../shared/site-config';

/**
 * A build with every value set. The tests' own build sets no VITE_* variables, so `siteConfig`
 * holds the examples there; this is the other case, as a real deployment builds it.
 */
export const realSiteConfig: SiteConfig = {
  brandName: 'Northdraft',
  siteUrl: 'https://proposals.test',
  contactEmail: 'hello@proposals.test',
  accessibilityEmail: 'accessibility@proposals.test',
  privacyEmail: 'privacy@proposals.test',
  schedulerUrl: 'https://scheduler.proposals.test/discovery-call',
  securityContact: 'mailto:security@proposals.test',
  securityPolicyUrl: 'https://proposals.test/security-policy',
};
