import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '../chunk-load-error';
import { ErrorNotice } from './ErrorNotice';
import { reloadOnceAfterChunkError, reloadPage } from './reload-page';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Shown instead of the children after an error; the error notice when not given. */
  fallback?: ReactNode;
  /** Whether a chunk that failed to load reloads the page (once per tab). */
  reloadOnChunkError?: boolean;
  reload?: () => void;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Without a boundary, an error while rendering unmounts the whole root and the prerendered page
 * turns white (https://react.dev/reference/react/Component#catching-rendering-errors-with-an-error-boundary).
 * With one, only the part that failed is replaced, and the rest of the page stays as it was.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    const { reloadOnChunkError = true, reload = reloadPage } = this.props;
    // A chunk that vanished with a new deployment is found again by a fresh page.
    if (reloadOnChunkError && error instanceof ChunkLoadError) reloadOnceAfterChunkError(reload);
  }

  override render(): ReactNode {
    const { children, fallback, reload = reloadPage } = this.props;
    if (!this.state.failed) return children;
    return fallback !== undefined ? fallback : <ErrorNotice onReload={reload} />;
  }
}
