// What the suite expects from the site: its fixed wording and constants (frontend/README.md,
// "Fixed wording and constants"), restated here on purpose as the browser suite's oracle, and the
// build-time configuration the stack was built with. The company-specific values are read from
// the same VITE_* variables as the site's build, with the same example defaults. What the home
// page's solution names and the headings of each page's sections are the contract's (pages.json),
// the oracle the site's own tests share.
import statement from '@proposal-site/contract/accessibility-statement.json' with { type: 'json' };
import pages from '@proposal-site/contract/pages.json' with { type: 'json' };

function fromEnv(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

export const siteConfig = {
  brandName: fromEnv('VITE_BRAND_NAME', 'Proposa'),
  siteUrl: fromEnv('VITE_SITE_URL', 'https://www.example.com').replace(/\/+$/, ''),
  contactEmail: fromEnv('VITE_CONTACT_EMAIL', 'hello@example.com'),
  accessibilityEmail: fromEnv('VITE_ACCESSIBILITY_EMAIL', 'accessibility@example.com'),
  privacyEmail: fromEnv('VITE_PRIVACY_EMAIL', 'privacy@example.com'),
  schedulerUrl: fromEnv('VITE_SCHEDULER_URL', 'https://cal.com/example/discovery-call'),
} as const;

export const spec = {
  sectionScrollOffsetPx: 80,
  toastDurationMs: 5000,
  toastSwipeThresholdPx: 50,
  submittingLabel: 'Submitting...',
  successToast:
    "Thank you for your interest! We'll be in touch within 24 hours to schedule your discovery call.",
  errorToastTitle: 'Something went wrong',
  errorToastText: (email: string) => `Please try again or email us directly at ${email}`,
  invalidEmail: 'Please enter a valid email address.',
  accessibilitySubject: 'Accessibility Feedback',
  notFoundTitle: 'Page Not Found',
  notFoundText: 'Did you forget to add the page to the router?',
  claims: ['50-70%', '40-50%', '$10-30 million', '$3.6 billion'],
  privacyLastUpdated: 'September 3, 2025',
  // The statement's review date is its data (contract/accessibility-statement.json), moved at
  // each review: the suite reads it from there rather than pin a calendar date.
  accessibilityNextReview: new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${statement.nextReview}T00:00:00Z`)),
  governingLaw: 'Belgium',
  supportHours: '9 AM - 5 PM CET',
} as const;

export interface SiteRoute {
  path: string;
  /** A file-name-safe label for screenshots and reports. */
  slug: string;
  h1: string | RegExp;
  /** Text the page must show, checked with and without JavaScript. */
  content: string[];
}

export const routes: SiteRoute[] = [
  {
    path: '/',
    slug: 'home',
    h1: /Client proposals/,
    content: [
      '01 Problem',
      '02 Solution',
      '03 Systemising Excellence',
      ...spec.claims,
      ...pages.homeSolution,
    ],
  },
  {
    path: '/about',
    slug: 'about',
    h1: `About ${siteConfig.brandName}`,
    content: pages.sections['/about'],
  },
  {
    path: '/privacy',
    slug: 'privacy',
    h1: 'Privacy Policy',
    content: [
      ...pages.sections['/privacy'],
      'which identify nobody',
      'GDPR',
      `Last updated ${spec.privacyLastUpdated}`,
    ],
  },
  {
    path: '/terms',
    slug: 'terms',
    h1: 'Terms of Service',
    content: [...pages.sections['/terms'], 'Acceptance', spec.governingLaw],
  },
  {
    path: '/accessibility',
    slug: 'accessibility',
    h1: 'Accessibility Statement',
    content: [
      ...pages.sections['/accessibility'],
      'WCAG 2.2',
      'within 2 business days',
      'within 5 business days',
      spec.accessibilityNextReview,
      spec.supportHours,
    ],
  },
  {
    path: '/demo',
    slug: 'demo',
    h1: /new features/,
    content: ['back shortly', 'Return to Home'],
  },
];

export const notFoundRoute: SiteRoute = {
  path: '/no-such-page',
  slug: 'not-found',
  h1: spec.notFoundTitle,
  content: [spec.notFoundText],
};

export const allPages: SiteRoute[] = [...routes, notFoundRoute];
