import { exampleConfigVariables, siteConfig, type SiteConfig } from '../shared/site-config';
import type { SiteRoute } from './routes';

interface HeadTags {
  title: string;
  meta: { key: 'name' | 'property'; id: string; content: string }[];
  canonicalUrl: string | null;
}

/** The one place canonical URLs are made: the head's link and og:url, and the sitemap. */
export function canonicalUrlFor(path: string, config: SiteConfig = siteConfig): string {
  return path === '/' ? `${config.siteUrl}/` : `${config.siteUrl}${path}`;
}

/**
 * Whether search engines may index the site at all. A build that still carries an example value
 * (an example.com canonical URL, hello@example.com) is not the real site, and must never be
 * listed as if it were: its pages say noindex, and robots.txt keeps crawlers out.
 */
export function siteIsIndexable(config: SiteConfig = siteConfig): boolean {
  return exampleConfigVariables(config).length === 0;
}

export function headTagsFor(route: SiteRoute, config: SiteConfig = siteConfig): HeadTags {
  const canonicalUrl = route.path === null ? null : canonicalUrlFor(route.path, config);
  const indexable = route.indexable && siteIsIndexable(config);
  const meta: HeadTags['meta'] = [
    { key: 'name', id: 'description', content: route.description },
    { key: 'name', id: 'robots', content: indexable ? 'index, follow' : 'noindex' },
    { key: 'property', id: 'og:type', content: 'website' },
    { key: 'property', id: 'og:site_name', content: config.brandName },
    { key: 'property', id: 'og:title', content: route.title },
    { key: 'property', id: 'og:description', content: route.description },
    { key: 'property', id: 'og:locale', content: 'en_GB' },
    { key: 'name', id: 'twitter:card', content: 'summary' },
  ];
  if (canonicalUrl) meta.push({ key: 'property', id: 'og:url', content: canonicalUrl });
  return { title: route.title, meta, canonicalUrl };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> markup of a prerendered page. */
export function renderHeadTags(route: SiteRoute, config: SiteConfig = siteConfig): string {
  const { title, meta, canonicalUrl } = headTagsFor(route, config);
  const lines = [`<title>${escapeHtml(title)}</title>`];
  for (const { key, id, content } of meta) {
    lines.push(`<meta ${key}="${id}" content="${escapeHtml(content)}" />`);
  }
  if (canonicalUrl) lines.push(`<link rel="canonical" href="${escapeHtml(canonicalUrl)}" />`);
  // One line: every byte of the page counts towards the first round trip (islands/bootstrap.ts).
  return lines.join('');
}

/** Keeps the head in step with client-side navigation (crawlers read the prerendered head). */
export function applyHeadTags(route: SiteRoute, doc: Document = document): void {
  const { title, meta, canonicalUrl } = headTagsFor(route);
  doc.title = title;
  for (const { key, id, content } of meta) {
    let element = doc.head.querySelector<HTMLMetaElement>(`meta[${key}="${id}"]`);
    if (!element) {
      element = doc.createElement('meta');
      element.setAttribute(key, id);
      doc.head.append(element);
    }
    element.content = content;
  }
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonicalUrl) {
    if (!canonical) {
      canonical = doc.createElement('link');
      canonical.rel = 'canonical';
      doc.head.append(canonical);
    }
    canonical.href = canonicalUrl;
  } else {
    canonical?.remove();
  }
  if (!canonicalUrl) doc.head.querySelector('meta[property="og:url"]')?.remove();
}
