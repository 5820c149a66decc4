import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChunkLoadError, importChunk } from '../chunk-load-error';
import { siteConfig } from '../site-config';
import { ErrorBoundary } from './ErrorBoundary';
import { PAGE_ERROR_RELOAD_LABEL, PAGE_ERROR_TITLE } from './error-notice-copy';
import { RELOADED_AFTER_CHUNK_ERROR_KEY } from './reload-page';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

const chunkError = () =>
  new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

beforeEach(() => {
  sessionStorage.clear();
  // React reports every error a boundary catches on the console; here they are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('ErrorBoundary', () => {
  it('renders its children while nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Page content</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces only the part that failed with a notice naming the contact address', async () => {
    const reload = jest.fn();
    const user = userEvent.setup();
    render(
      <>
        <p>Navigation</p>
        <ErrorBoundary reload={reload}>
          <Throws error={new Error('bug')} />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByText('Navigation')).toBeInTheDocument();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(PAGE_ERROR_TITLE);
    expect(within(notice).getByRole('link', { name: siteConfig.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.contactEmail}`,
    );
    // An ordinary bug is not cured by reloading, so the page does not reload by itself.
    expect(reload).not.toHaveBeenCalled();
    await user.click(within(notice).getByRole('button', { name: PAGE_ERROR_RELOAD_LABEL }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once by itself when a chunk failed to load, and never again in this tab', () => {
    const reload = jest.fn();
    const first = render(
      <ErrorBoundary reload={reload}>
        <Throws error={chunkError()} />
      </ErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOADED_AFTER_CHUNK_ERROR_KEY)).not.toBeNull();
    first.unmount();

    // The page after the reload still misses the chunk: the notice stays, no second reload.
    render(
      <ErrorBoundary reload={reload}>
        <Throws error={chunkError()} />
      </ErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_ERROR_TITLE);
  });

  it('does not reload when the tab has no storage to remember that it did', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const reload = jest.fn();
    render(
      <ErrorBoundary reload={reload}>
        <Throws error={chunkError()} />
      </ErrorBoundary>,
    );
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('shows the given fallback, and can leave chunk errors alone', () => {
    const reload = jest.fn();
    const { container } = render(
      <ErrorBoundary fallback={null} reloadOnChunkError={false} reload={reload}>
        <Throws error={chunkError()} />
      </ErrorBoundary>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('importChunk', () => {
  it('marks a failed import as a ChunkLoadError that keeps its cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const failure = await importChunk(() => Promise.reject(cause)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as Error).cause).toBe(cause);
    await expect(importChunk(() => Promise.resolve('module'))).resolves.toBe('module');
  });
});
