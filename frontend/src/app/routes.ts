import { lazy, type LazyExoticComponent, type ReactElement } from 'react';
import { importChunk } from '../shared/chunk-load-error';
import { CLAIMS, NOT_FOUND_TITLE } from '../shared/content';
import { siteConfig } from '../shared/site-config';
import type { SkipLinkTarget } from '../features/navigation/SkipLinks';

export interface SiteRoute {
  /** null for the 404 page, which answers every unknown path. */
  path: string | null;
  /** The prerendered file in dist/ (the web tier maps `/about` to `about.html`). */
  file: string;
  title: string;
  description: string;
  /** Listed in the sitemap and open to search engines. */
  indexable: boolean;
  skipLink?: SkipLinkTarget;
  Component: LazyExoticComponent<PageComponent>;
}

type PageComponent = () => ReactElement;

const brand = siteConfig.brandName;

// Each page is its own chunk, so pages without a form never download the form's code.
const page = <K extends string>(
  load: () => Promise<Record<K, PageComponent>>,
  name: K,
): LazyExoticComponent<PageComponent> =>
  lazy(() => importChunk(load).then((module) => ({ default: module[name] })));

export const siteRoutes: SiteRoute[] = [
  {
    path: '/',
    file: 'index.html',
    title: `${brand} — AI-drafted client proposals for investment banks`,
    description: `Cut proposal turnaround by ${CLAIMS.turnaroundReduction}. Proposals drafted from live deal conversations, CRM data, your templates and past proposals, delivered in Word, PDF or Figma-ready form.`,
    indexable: true,
    skipLink: { href: '#contact', label: 'Skip to contact form' },
    Component: page(() => import('../pages/HomePage'), 'HomePage'),
  },
  {
    path: '/about',
    file: 'about.html',
    title: `About Us — ${brand}`,
    description: `Why ${brand} exists, how it drafts bank-grade client proposals, and the difference it makes to deal teams.`,
    indexable: true,
    Component: page(() => import('../pages/AboutPage'), 'AboutPage'),
  },
  {
    path: '/privacy',
    file: 'privacy.html',
    title: `Privacy Policy — ${brand}`,
    description: `What personal data ${brand} collects, how it is used and protected, and your rights under the GDPR.`,
    indexable: true,
    Component: page(() => import('../pages/PrivacyPage'), 'PrivacyPage'),
  },
  {
    path: '/terms',
    file: 'terms.html',
    title: `Terms of Service — ${brand}`,
    description: `The terms that govern the use of the ${brand} website and service.`,
    indexable: true,
    Component: page(() => import('../pages/TermsPage'), 'TermsPage'),
  },
  {
    path: '/accessibility',
    file: 'accessibility.html',
    title: `Accessibility Statement — ${brand}`,
    description: `${brand}'s commitment to WCAG 2.2 AA, the known limitations of this site, and how to report a barrier.`,
    indexable: true,
    skipLink: { href: '#accessibility-feedback', label: 'Skip to feedback form' },
    Component: page(() => import('../pages/AccessibilityPage'), 'AccessibilityPage'),
  },
  {
    path: '/demo',
    file: 'demo.html',
    title: `Demo — ${brand}`,
    description: `The ${brand} demo is being updated with new features and will be back shortly.`,
    // A public page linked from every footer: search engines may list it like the others.
    indexable: true,
    Component: page(() => import('../pages/DemoPage'), 'DemoPage'),
  },
];

export const notFoundRoute: SiteRoute = {
  path: null,
  file: '404.html',
  title: `${NOT_FOUND_TITLE} — ${brand}`,
  description: 'The page you were looking for does not exist.',
  indexable: false,
  Component: page(() => import('../pages/NotFoundPage'), 'NotFoundPage'),
};

/** The route for a path; a trailing slash is ignored, unknown paths get the 404 route. */
export function routeForPath(pathname: string): SiteRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return siteRoutes.find((route) => route.path === path) ?? notFoundRoute;
}
