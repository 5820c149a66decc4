import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { PAGE_ERROR_TITLE } from '../shared/error-boundary/error-notice-copy';
import { RELOADED_AFTER_CHUNK_ERROR_KEY } from '../shared/error-boundary/reload-page';
import { siteConfig } from '../shared/site-config';
import { startIslands } from './island-loader';

beforeEach(() => {
  // This tab already reloaded once, so the notice shows instead of a second reload.
  sessionStorage.setItem(RELOADED_AFTER_CHUNK_ERROR_KEY, 'earlier');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('an island whose code cannot be loaded', () => {
  it('shows the notice beside it, with the contact address and a reload link', async () => {
    window.history.replaceState(null, '', '/accessibility');
    // The island as ContactFormIsland prerenders it, around a form of its own.
    document.body.innerHTML = renderToString(
      <div data-island="contact-form" data-props="{}" data-contact={siteConfig.contactEmail}>
        <form aria-label="Prerendered form" />
      </div>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The island's chunk is gone, as after a new deployment: its import fails.
    startIslands(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    // The first interaction with it loads it (jsdom has no IntersectionObserver to say "near").
    fireEvent.focusIn(screen.getByRole('form', { name: 'Prerendered form' }));
    const notice = await waitFor(() => screen.getByRole('alert'));
    expect(notice).toHaveTextContent(PAGE_ERROR_TITLE);
    expect(screen.getByRole('link', { name: siteConfig.contactEmail })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Reload the page' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
    // The prerendered island stays on the page.
    expect(screen.getByRole('form', { name: 'Prerendered form' })).toBeInTheDocument();
  });
});
