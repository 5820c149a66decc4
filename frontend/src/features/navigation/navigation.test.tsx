import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteConfig } from '../../shared/site-config';
import { renderApp, renderWithStore } from '../../test-utils/render-app';
import { Footer } from './Footer';
import { SkipLinks } from './SkipLinks';
import { TopNav } from './TopNav';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('top navigation', () => {
  it('offers Problem, Solution and Contact, with Contact opening the scheduler in a new tab', () => {
    renderWithStore(<TopNav />);
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Problem' })).toHaveAttribute('href', '/#problem');
    expect(nav.getByRole('link', { name: 'Solution' })).toHaveAttribute('href', '/#solution');
    const contact = nav.getByRole('link', { name: /^Contact/ });
    expect(contact).toHaveAttribute('href', siteConfig.schedulerUrl);
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
    expect(contact).toHaveAccessibleName('Contact (opens in a new tab)');
  });

  it('leads to the sections with plain anchors: the browser scrolls, no script runs', () => {
    renderWithStore(<TopNav />);
    const problem = within(mainNav()).getByRole('link', { name: 'Problem' });
    // No handler of ours takes the click: it is the browser's own navigation to /#problem.
    let prevented: boolean | undefined;
    document.addEventListener(
      'click',
      (event) => {
        prevented = event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    fireEvent.click(problem);
    expect(prevented).toBe(false);
  });
});

describe('arriving with a fragment', () => {
  it.each(['/#%', '/#%E0%A4%A', '/#%00'])(
    'keeps the landing page on screen for the malformed fragment in %s',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: /01 Problem/ })).toBeVisible();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );
});

describe('skip links', () => {
  it('come first in the tab order and lead to the main content', async () => {
    const user = userEvent.setup();
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });

  it('include a link to the form when the page has one', () => {
    renderWithStore(<SkipLinks extra={{ href: '#contact', label: 'Skip to contact form' }} />);
    expect(screen.getByRole('link', { name: 'Skip to contact form' })).toHaveAttribute(
      'href',
      '#contact',
    );
  });
});

describe('footer', () => {
  it('lists the company and legal links', () => {
    renderWithStore(<Footer />);
    const company = within(screen.getByRole('navigation', { name: 'Company' }));
    expect(company.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    const demo = company.getByRole('link', { name: /Book a Demo/ });
    expect(demo).toHaveAttribute('href', siteConfig.schedulerUrl);
    expect(demo).toHaveAttribute('target', '_blank');
    expect(demo).toHaveAttribute('rel', 'noopener noreferrer');
    expect(company.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#contact');

    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(legal.getByRole('link', { name: 'Accessibility' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
  });

  it('has mailto links for general inquiries, accessibility and privacy', () => {
    renderWithStore(<Footer />);
    for (const email of [
      siteConfig.contactEmail,
      siteConfig.accessibilityEmail,
      siteConfig.privacyEmail,
    ]) {
      expect(screen.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    }
  });
});
