import { lazy, Suspense } from 'react';
import { importChunk } from '../../shared/chunk-load-error';
import { ErrorBoundary } from '../../shared/error-boundary/ErrorBoundary';
import type { ContactFormWithToastsProps } from './ContactFormWithToasts';

/**
 * Resolves once the browser has painted the page: a frame is requested, and the timer set inside
 * it runs after that frame is drawn. On the server (prerendering) it resolves at once.
 */
function afterFirstPaint(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// The contact form's code (validation, the API client, the toasts) is the largest part of the
// pages that carry it, and the form sits below the fold. It is fetched after the first paint, so
// on a slow connection it never competes with what the visitor reads first. Until it arrives the
// prerendered form is on screen, and React hydrates it in place when the code is there.
const ContactFormWithToasts = lazy(() =>
  afterFirstPaint()
    .then(() => importChunk(() => import('./ContactFormWithToasts')))
    .then((module) => ({ default: module.ContactFormWithToasts })),
);

/** A form whose code fails to load is replaced by the error notice; the page around it stays. */
export function DeferredContactForm(props: ContactFormWithToastsProps) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<p className="form-loading">Loading the form…</p>}>
        <ContactFormWithToasts {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
