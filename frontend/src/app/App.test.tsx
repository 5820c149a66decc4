import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_ERROR_TITLE } from '../shared/error-boundary/error-notice-copy';
import { RELOADED_AFTER_CHUNK_ERROR_KEY } from '../shared/error-boundary/reload-page';
import { siteConfig } from '../shared/site-config';
import { renderApp } from '../test-utils/render-app';

// The About page's chunk is gone, as after a new deployment: its import fails.
jest.mock('../pages/AboutPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/AboutPage-old.js');
});

beforeEach(() => {
  // This tab already reloaded once, so the notice stays instead of a second reload.
  sessionStorage.setItem(RELOADED_AFTER_CHUNK_ERROR_KEY, 'earlier');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a page whose code cannot be loaded', () => {
  it('keeps the navigation and footer and shows the notice with the contact address', async () => {
    renderApp('/about');
    const main = screen.getByRole('main');
    const notice = await within(main).findByRole('alert');
    expect(notice).toHaveTextContent(PAGE_ERROR_TITLE);
    expect(within(notice).getByRole('link', { name: siteConfig.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.contactEmail}`,
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
  });

  it('does not stop the visitor from going to another page', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    await screen.findByRole('alert');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Legal' })).getByRole('link', {
        name: 'Privacy Policy',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
