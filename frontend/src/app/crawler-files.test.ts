import { describe, expect, it } from '@jest/globals';
import { siteConfig } from '../shared/site-config';
import { realSiteConfig } from '../test-utils/real-site-config';
import { robotsTxt, sitemapXml } from './crawler-files';

describe('robots.txt', () => {
  it('lets crawlers in and names the sitemap when every value is real', () => {
    expect(robotsTxt(realSiteConfig)).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${realSiteConfig.siteUrl}/sitemap.xml\n`,
    );
  });

  it('keeps every crawler out while any value is still an example', () => {
    expect(robotsTxt(siteConfig)).toBe('User-agent: *\nDisallow: /\n');
    expect(robotsTxt({ ...realSiteConfig, schedulerUrl: siteConfig.schedulerUrl })).toBe(
      'User-agent: *\nDisallow: /\n',
    );
  });
});

describe('sitemap.xml', () => {
  it('lists the canonical URL of every indexable page, and not the 404', () => {
    const locations = [...sitemapXml(realSiteConfig).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      ([, url]) => url,
    );
    expect(locations).toEqual([
      `${realSiteConfig.siteUrl}/`,
      `${realSiteConfig.siteUrl}/about`,
      `${realSiteConfig.siteUrl}/privacy`,
      `${realSiteConfig.siteUrl}/terms`,
      `${realSiteConfig.siteUrl}/accessibility`,
      `${realSiteConfig.siteUrl}/demo`,
    ]);
    expect(sitemapXml(realSiteConfig)).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /,
    );
  });
});
