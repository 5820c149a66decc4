import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  ATTRIBUTION_KEYS,
  ATTRIBUTION_LIMITS,
  attributionLines,
  cleanAttribution,
  DIRECT,
  sourceOf,
} from './attribution.js';

describe("a lead's attribution", () => {
  it('keeps the contract keys only, cut to their bounds and cleaned of control characters', () => {
    const cleaned = cleanAttribution({
      utm_source: ' linkedin ',
      utm_campaign: 'x'.repeat(300),
      utm_term: 'a\u0000b\nc',
      gclid: 42,
      evil: '1',
      landing_path: '/',
      referrer_host: '',
    });
    expect(cleaned).toEqual({
      utm_source: 'linkedin',
      utm_campaign: 'x'.repeat(ATTRIBUTION_LIMITS.utm_campaign),
      utm_term: 'abc',
      landing_path: '/',
    });
    expect(ATTRIBUTION_LIMITS.utm_campaign).toBe(200);
  });

  it('drops what is not an object instead of refusing the lead', () => {
    for (const value of [null, 'utm_source=x', ['x'], 3, undefined]) {
      expect(cleanAttribution(value)).toEqual({});
    }
  });

  it('never keeps a value over its bound, a control character or half a surrogate pair', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.anything()),
        fc.string({ unit: 'binary', maxLength: 600 }),
        (body, text) => {
          const cleaned = cleanAttribution({ ...body, utm_source: text, landing_path: text });
          for (const [key, value] of Object.entries(cleaned)) {
            expect(ATTRIBUTION_KEYS).toContain(key);
            expect(value.length).toBeLessThanOrEqual(ATTRIBUTION_LIMITS[key as 'utm_source']);
            expect(value).not.toMatch(/[\p{Cc}\p{Cs}]/u);
            expect(value).toBe(value.trim());
            expect(value).not.toBe('');
          }
        },
      ),
    );
  });

  it('is counted under its utm_source, an ad network, the referring host, or direct', () => {
    expect(sourceOf({ utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'q1' })).toEqual({
      source: 'linkedin',
      medium: 'paid',
      campaign: 'q1',
    });
    expect(sourceOf({ gclid: 'abc', referrer_host: 'www.google.com' })).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: '',
    });
    expect(sourceOf({ referrer_host: 'news.example', landing_path: '/about' })).toEqual({
      source: 'news.example',
      medium: 'referral',
      campaign: '',
    });
    expect(sourceOf({ landing_path: '/' })).toEqual(DIRECT);
  });

  it('reads as lines, its source first, and none for a lead with none recorded', () => {
    const attribution = { utm_source: 'linkedin', utm_medium: 'paid', landing_path: '/about' };
    expect(attributionLines({ attribution, source: sourceOf(attribution) })).toEqual([
      ['source', 'linkedin / paid'],
      ['utm source', 'linkedin'],
      ['utm medium', 'paid'],
      ['landing path', '/about'],
    ]);
    expect(attributionLines({ attribution: null, source: null })).toEqual([]);
  });
});
