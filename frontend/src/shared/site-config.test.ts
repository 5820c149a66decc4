import { describe, expect, it } from '@jest/globals';
import { siteConfig } from './site-config';

// No VITE_* variables are set in tests, so these are the documented example defaults.
describe('site config', () => {
  it('falls back to the example defaults documented in the README', () => {
    expect(siteConfig).toEqual({
      brandName: 'Proposa',
      siteUrl: 'https://www.example.com',
      contactEmail: 'hello@example.com',
      accessibilityEmail: 'accessibility@example.com',
      privacyEmail: 'privacy@example.com',
      schedulerUrl: 'https://cal.com/example/discovery-call',
    });
  });
});
