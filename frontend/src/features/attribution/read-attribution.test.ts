import { describe, expect, it } from '@jest/globals';
import { carried, limits, parameters } from '@proposal-site/contract/attribution.json';
import { readAttribution, type PageAddress } from './read-attribution';

const SITE = 'https://www.example.com';
const page = (address: string): PageAddress => {
  const url = new URL(address, SITE);
  return { origin: url.origin, pathname: url.pathname, search: url.search };
};

describe('the attribution of a page view', () => {
  it('takes every allow-listed parameter, the path and the other site that linked here', () => {
    const query = parameters.map((name) => `${name}=${name}-value`).join('&');
    expect(readAttribution(page(`/about?${query}`), 'https://www.linkedin.com/feed/')).toEqual({
      ...Object.fromEntries(parameters.map((name) => [name, `${name}-value`])),
      landing_path: '/about',
      referrer_host: 'www.linkedin.com',
    });
  });

  it('reads the eight parameters the contract names', () => {
    expect(parameters).toEqual([
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'gclid',
      'msclkid',
      'li_fat_id',
    ]);
  });

  it('drops any parameter the contract does not list', () => {
    expect(
      readAttribution(page('/?utm_source=newsletter&evil=1&UTM_MEDIUM=x&fbclid=y'), ''),
    ).toEqual({ utm_source: 'newsletter', landing_path: '/' });
  });

  it('cleans each value and leaves out what is empty once cleaned', () => {
    const search = new URLSearchParams({
      utm_source: '  news\u0000letter\n',
      utm_medium: ' \t ',
      utm_campaign: 'c'.repeat(300),
      gclid: '',
    });
    expect(readAttribution(page(`/?${search}`), '')).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'c'.repeat(limits.parameter),
      landing_path: '/',
    });
  });

  it('cuts the landing path and the referrer host to their own bounds', () => {
    const longPath = `/${'p'.repeat(600)}`;
    const longHost = `${'h'.repeat(60)}.${'h'.repeat(60)}.${'h'.repeat(60)}.${'h'.repeat(60)}.${'h'.repeat(60)}.example`;
    const attribution = readAttribution(page(longPath), `https://${longHost}/`);
    expect(attribution?.landing_path).toBe(longPath.slice(0, limits.landing_path));
    expect(attribution?.referrer_host).toBe(longHost.slice(0, limits.referrer_host));
  });

  it('takes the carried landing path and referrer host over this page and its referrer', () => {
    const search = new URLSearchParams({
      utm_source: 'linkedin',
      [carried.landing_path]: '/privacy',
      [carried.referrer_host]: 'www.linkedin.com',
    });
    expect(readAttribution(page(`/about?${search}`), `${SITE}/privacy?${search}`)).toEqual({
      utm_source: 'linkedin',
      landing_path: '/privacy',
      referrer_host: 'www.linkedin.com',
    });
  });

  it('falls back to this page and its referrer when a carried value is empty once cleaned', () => {
    const search = new URLSearchParams({ landing: ' ', ref: '\u0000' });
    expect(readAttribution(page(`/terms?${search}`), 'https://duckduckgo.com/')).toEqual({
      landing_path: '/terms',
      referrer_host: 'duckduckgo.com',
    });
  });

  it('names no referrer for a page of the site itself, for none, or for one that is not a URL', () => {
    for (const referrer of [`${SITE}/about`, '', 'not a url']) {
      expect(readAttribution(page('/'), referrer)).toEqual({ landing_path: '/' });
    }
  });

  it('counts another port or scheme of the same host as another site, as the browser does', () => {
    expect(readAttribution(page('/'), 'http://www.example.com:8080/x')?.referrer_host).toBe(
      'www.example.com:8080',
    );
  });

  it('is undefined when nothing is left, so that the request carries no attribution', () => {
    expect(readAttribution({ origin: SITE, pathname: '', search: '?utm_source=%00' }, '')).toBe(
      undefined,
    );
  });

  it("reads the browser's own address and referrer by default", () => {
    window.history.replaceState(null, '', '/accessibility?utm_medium=email');
    expect(readAttribution()).toEqual({ utm_medium: 'email', landing_path: '/accessibility' });
  });
});
