import { describe, expect, it } from '@jest/globals';
import { EXAMPLE_DEFAULTS, siteConfig } from '../shared/site-config';
import { realSiteConfig } from '../test-utils/real-site-config';
import { applyHeadTags, renderHeadTags } from './document-head';
import { notFoundRoute, routeForPath, siteRoutes } from './routes';

describe('routes', () => {
  it('cover every page of the site, each with its own prerendered file', () => {
    expect(siteRoutes.map((r) => [r.path, r.file])).toEqual([
      ['/', 'index.html'],
      ['/about', 'about.html'],
      ['/privacy', 'privacy.html'],
      ['/terms', 'terms.html'],
      ['/accessibility', 'accessibility.html'],
      ['/demo', 'demo.html'],
    ]);
    expect(notFoundRoute.file).toBe('404.html');
  });

  it('find a route with or without a trailing slash, and the 404 route otherwise', () => {
    expect(routeForPath('/about/').path).toBe('/about');
    expect(routeForPath('/').path).toBe('/');
    expect(routeForPath('/nope')).toBe(notFoundRoute);
  });
});

describe('document head', () => {
  it('has title, description, canonical URL and Open Graph tags for a page', () => {
    const about = routeForPath('/about');
    const head = renderHeadTags(about, realSiteConfig);
    expect(head).toContain(`<title>${about.title}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${realSiteConfig.siteUrl}/about" />`);
    expect(head).toContain(`<meta property="og:url" content="${realSiteConfig.siteUrl}/about" />`);
    expect(head).toContain(`<meta property="og:title" content="${about.title}" />`);
    expect(head).toContain(
      `<meta property="og:site_name" content="${realSiteConfig.brandName}" />`,
    );
    expect(head).toContain('<meta name="robots" content="index, follow" />');
    expect(renderHeadTags(routeForPath('/'), realSiteConfig)).toContain(
      `<link rel="canonical" href="${realSiteConfig.siteUrl}/" />`,
    );
  });

  it('lets search engines index every page but the 404, which has no canonical URL', () => {
    for (const route of siteRoutes) {
      expect(renderHeadTags(route, realSiteConfig)).toContain(
        '<meta name="robots" content="index, follow" />',
      );
    }
    const notFound = renderHeadTags(notFoundRoute, realSiteConfig);
    expect(notFound).toContain('content="noindex"');
    expect(notFound).not.toContain('canonical');
  });

  it('asks search engines to skip every page while a value is still an example', () => {
    const withExampleEmail = { ...realSiteConfig, contactEmail: EXAMPLE_DEFAULTS.contactEmail };
    for (const config of [siteConfig, withExampleEmail]) {
      for (const route of [...siteRoutes, notFoundRoute]) {
        const head = renderHeadTags(route, config);
        expect(head).toContain('<meta name="robots" content="noindex" />');
        expect(head).not.toContain('index, follow');
      }
    }
  });

  it('escapes text for HTML', () => {
    const head = renderHeadTags({ ...notFoundRoute, title: 'A & "B" <C>' });
    expect(head).toContain('<title>A &amp; &quot;B&quot; &lt;C&gt;</title>');
  });

  it('updates the document head on client-side navigation', () => {
    applyHeadTags(routeForPath('/terms'));
    expect(document.title).toBe(routeForPath('/terms').title);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${siteConfig.siteUrl}/terms`,
    );
    applyHeadTags(notFoundRoute);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex',
    );
  });
});
