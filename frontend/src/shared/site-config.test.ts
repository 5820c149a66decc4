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
    expect(siteConfig).toEqual(EXAMPLE_DEFAULTS);
  });
});

describe('exampleConfigVariables', () => {
  it('names every variable of a build that set none', () => {
    expect(exampleConfigVariables()).toEqual(Object.values(SITE_CONFIG_VARIABLES));
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
