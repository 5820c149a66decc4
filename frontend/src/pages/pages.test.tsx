import pages from '@proposal-site/contract/pages.json';
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import {
  ACCESSIBILITY_NEXT_REVIEW,
  ACCESSIBILITY_STATEMENT,
  statementDate,
  CLAIMS,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
  PRIVACY_LAST_UPDATED,
  SUPPORT_HOURS,
} from '../shared/content';
import { siteConfig } from '../shared/site-config';
import { renderApp } from '../test-utils/render-app';

async function openPage(path: string, h1: string | RegExp) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: h1 });
  return view;
}

const h2 = (name: string | RegExp) => screen.getByRole('heading', { level: 2, name });

/** The page has a section headed by each of `names`. */
function expectSections(...names: string[]): void {
  for (const name of names) expect(h2(name)).toBeInTheDocument();
}
const text = () => document.getElementById('main-content')?.textContent ?? '';

describe('landing page', () => {
  it('has the hero, the claims and the numbered sections with the contact form', async () => {
    await openPage('/', /Client proposals/);
    const hero = screen.getByRole('region', { name: /Client proposals/ });
    const demo = within(hero).getByRole('link', { name: /Book a Demo/ });
    expect(demo).toHaveAttribute('href', siteConfig.schedulerUrl);
    expect(demo).toHaveAttribute('target', '_blank');
    expect(demo).toHaveAttribute('rel', 'noopener noreferrer');

    for (const claim of ['50-70%', '40-50%', '$10-30 million', '$3.6 billion']) {
      expect(text()).toContain(claim);
    }
    expect(Object.values(CLAIMS)).toEqual(['50-70%', '40-50%', '$10-30 million', '$3.6 billion']);

    expect(h2('01 Problem').closest('section')).toHaveAttribute('id', 'problem');
    expect(h2('02 Solution').closest('section')).toHaveAttribute('id', 'solution');
    const contact = h2('03 Systemising Excellence').closest('section');
    expect(contact).toHaveAttribute('id', 'contact');
    expect(
      within(contact as HTMLElement).getByRole('button', { name: /Discovery Call/ }),
    ).toBeVisible();
  });

  it('names the solution’s inputs, functions and output formats', async () => {
    await openPage('/', /Client proposals/);
    // The words are the contract's (pages.json), which the browser suite checks too.
    for (const phrase of pages.homeSolution) expect(text()).toContain(phrase);
  });

  it('offers a skip link to the contact form', async () => {
    await openPage('/', /Client proposals/);
    expect(screen.getByRole('link', { name: 'Skip to contact form' })).toHaveAttribute(
      'href',
      '#contact',
    );
  });
});

describe('about page', () => {
  it('covers mission, challenge, approach, technology, impact and contact, with a way home', async () => {
    await openPage('/about', `About ${siteConfig.brandName}`);
    expectSections(...pages.sections['/about']);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

describe('privacy page', () => {
  it('has its sections, the GDPR rights and the last-updated date', async () => {
    await openPage('/privacy', 'Privacy Policy');
    expectSections(...pages.sections['/privacy']);
    expect(PRIVACY_LAST_UPDATED).toBe('September 3, 2025');
    expect(screen.getByText('Last updated September 3, 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: siteConfig.privacyEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${siteConfig.privacyEmail}`,
    );
  });
});

describe('terms page', () => {
  it('has its sections and Belgian governing law', async () => {
    await openPage('/terms', 'Terms of Service');
    expectSections(...pages.sections['/terms']);
    expect(h2('Governing law').closest('section')).toHaveTextContent('the laws of Belgium');
  });
});

describe('accessibility page', () => {
  it('states the commitment, response times, support hours and next review', async () => {
    await openPage('/accessibility', 'Accessibility Statement');
    expectSections(...pages.sections['/accessibility']);
    expect(text()).toContain('WCAG 2.2');
    expect(h2('Our response process').closest('section')).toHaveTextContent(
      'We acknowledge your report within 2 business days.',
    );
    expect(h2('Our response process').closest('section')).toHaveTextContent(
      'We assess the issue within 5 business days',
    );
    expect(SUPPORT_HOURS).toBe('9 AM - 5 PM CET');
    expect(text()).toContain('9 AM - 5 PM CET');
    // The review date is the statement's data (contract/accessibility-statement.json), which an
    // operator moves at each review: no test pins a calendar date.
    expect(ACCESSIBILITY_NEXT_REVIEW).toBe(statementDate(ACCESSIBILITY_STATEMENT.nextReview));
    expect(ACCESSIBILITY_NEXT_REVIEW).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(h2('Statement information').closest('section')).toHaveTextContent(
      ACCESSIBILITY_NEXT_REVIEW,
    );
  });

  it('has the model statement: status, known limitations, preparation and enforcement', async () => {
    await openPage('/accessibility', 'Accessibility Statement');
    expect(h2('Compliance status').closest('section')).toHaveTextContent(
      'partially conformant with WCAG 2.2 level AA and EN 301 549 V3.2.1',
    );
    const limitations = h2('Known limitations').closest('section') as HTMLElement;
    expect(within(limitations).getAllByRole('listitem')).toHaveLength(
      ACCESSIBILITY_STATEMENT.limitations.length,
    );
    expect(limitations).toHaveTextContent('close after 5 seconds');
    expect(limitations).not.toHaveTextContent('{toastSeconds}');
    // Where nginx adds the confirmed reports (shared/live-includes.ts).
    expect(
      limitations.querySelector('template[data-live="accessibility-limitations"]'),
    ).not.toBeNull();
    const enforcement = h2('Enforcement procedure').closest('section') as HTMLElement;
    expect(
      within(enforcement).getByRole('link', { name: ACCESSIBILITY_STATEMENT.enforcement.url }),
    ).toHaveAttribute('href', ACCESSIBILITY_STATEMENT.enforcement.url);
    expect(h2('Preparation of this statement').closest('section')).toHaveTextContent(
      `prepared on ${statementDate(ACCESSIBILITY_STATEMENT.preparedOn)}`,
    );
    expect(screen.getByRole('link', { name: 'accessibility.json' })).toHaveAttribute(
      'href',
      '/accessibility.json',
    );
  });

  it('includes the feedback form with its own message placeholder', async () => {
    await openPage('/accessibility', 'Accessibility Statement');
    const feedback = h2('Send accessibility feedback').closest('section') as HTMLElement;
    expect(within(feedback).getByRole('button', { name: 'Send Feedback' })).toBeInTheDocument();
    expect(within(feedback).getByLabelText(/Message/)).toHaveAttribute(
      'placeholder',
      expect.stringContaining('Describe the barrier'),
    );
  });
});

describe('demo page', () => {
  it('says the demo is getting new features and links home', async () => {
    await openPage('/demo', /getting new features/);
    expect(text()).toContain('It will be back shortly.');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});

describe('404 page', () => {
  it('answers an unknown path with the fixed 404 text', async () => {
    await openPage('/no-such-page', NOT_FOUND_TITLE);
    expect(NOT_FOUND_TITLE).toBe('Page Not Found');
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(NOT_FOUND_TEXT).toBe('Did you forget to add the page to the router?');
    expect(document.title).toBe(`Page Not Found — ${siteConfig.brandName}`);
  });
});
