import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { PAGE_ERROR_TITLE } from '../../shared/error-boundary/error-notice-copy';
import { RELOADED_AFTER_CHUNK_ERROR_KEY } from '../../shared/error-boundary/reload-page';
import { siteConfig } from '../../shared/site-config';
import { renderApp } from '../../test-utils/render-app';

// The form's chunk is gone, as after a new deployment: its import fails.
jest.mock('./ContactFormWithToasts', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/form-old.js');
});

beforeEach(() => {
  // This tab already reloaded once, so the notice stays instead of a second reload.
  sessionStorage.setItem(RELOADED_AFTER_CHUNK_ERROR_KEY, 'earlier');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a contact form whose code cannot be loaded', () => {
  it('gives way to the notice with the contact address, and the page stays', async () => {
    renderApp('/');
    const heading = await screen.findByRole('heading', { name: /03 Systemising Excellence/ });
    const section = heading.closest('section');
    if (!section) throw new Error('the form heading is not in a section');
    const notice = await within(section).findByRole('alert');
    expect(notice).toHaveTextContent(PAGE_ERROR_TITLE);
    expect(within(notice).getByRole('link', { name: siteConfig.contactEmail })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /01 Problem/ })).toBeInTheDocument();
  });
});
