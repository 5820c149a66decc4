import { describe, expect, it } from '@jest/globals';
import {
  EXAMPLE_DEFAULTS,
  SITE_CONFIG_VARIABLES,
  exampleConfigVariables,
  siteConfig,
  type SiteConfig,
} from './site-config';
import { realSiteConfig } from '../test-utils/real-site-config';

// No VITE_* variables are set in tests, so these are the documented example defaults.
describe('site config', () => {
  it('falls back to the example defaults documented in docs/configuration.md', () => {
    expect(siteConfig).toEqual({
      brandName: 'Proposa',
      siteUrl: 'https://www.example.com',
      contactEmail: 'hello@example.com',
      accessibilityEmail: 'accessibility@example.com',
      privacyEmail: 'privacy@example.com',
      schedulerUrl: 'https://cal.com/example/discovery-call',
      securityContact: 'mailto:security@example.com',
      securityPolicyUrl: 'https://www.example.com/security-policy',
    });
  });
});

describe('exampleConfigVariables', () => {
  it('names every variable of a build that set none', () => {
    expect(exampleConfigVariables()).toEqual([
      'VITE_BRAND_NAME',
      'VITE_SITE_URL',
      'VITE_CONTACT_EMAIL',
      'VITE_ACCESSIBILITY_EMAIL',
      'VITE_PRIVACY_EMAIL',
      'VITE_SCHEDULER_URL',
      'VITE_SECURITY_CONTACT',
      'VITE_SECURITY_POLICY_URL',
    ]);
  });

  it('names nothing when every value is real', () => {
    expect(exampleConfigVariables(realSiteConfig)).toEqual([]);
  });

  it.each(Object.keys(EXAMPLE_DEFAULTS) as (keyof SiteConfig)[])(
    'names the variable of %s when only that one is still the example',
    (key) => {
      const config = { ...realSiteConfig, [key]: EXAMPLE_DEFAULTS[key].toUpperCase() };
      expect(exampleConfigVariables(config)).toEqual([SITE_CONFIG_VARIABLES[key]]);
    },
  );
});
