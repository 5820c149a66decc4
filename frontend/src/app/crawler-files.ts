import { siteConfig, type SiteConfig } from '../shared/site-config';
import { canonicalUrlFor, siteIsIndexable } from './document-head';
import { siteRoutes } from './routes';

/** dist/sitemap.xml: the canonical URL of every indexable page (https://www.sitemaps.org/protocol.html). */
export function sitemapXml(config: SiteConfig = siteConfig): string {
  const urls = siteRoutes.flatMap(({ path, indexable }) =>
    indexable && path !== null ? [`  <url><loc>${canonicalUrlFor(path, config)}</loc></url>`] : [],
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * dist/robots.txt (https://www.rfc-editor.org/rfc/rfc9309). A build with example values keeps
 * crawlers out from the start; the noindex of its pages covers a page fetched anyway (a crawler
 * that skips robots.txt, a web tier that does not serve it). Either alone leaves a gap:
 * https://developers.google.com/search/docs/crawling-indexing/block-indexing
 */
export function robotsTxt(config: SiteConfig = siteConfig): string {
  if (!siteIsIndexable(config)) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.siteUrl}/sitemap.xml\n`;
}
