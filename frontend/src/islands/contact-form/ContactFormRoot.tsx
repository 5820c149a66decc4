import { useState } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { ToastRegion } from '../../features/toasts/ToastRegion';
import { ErrorBoundary } from '../../shared/error-boundary/ErrorBoundary';
import { islandHydrated } from '../mount-island';
import { ContactFormWithToasts, type ContactFormWithToastsProps } from './ContactFormWithToasts';

export type ContactFormIslandProps = ContactFormWithToastsProps;

/**
 * The contact form island's root, the same in the prerendered page and in the browser: the form,
 * its toasts and a store of its own (the page around it has no code in the browser).
 */
export function ContactFormRoot(props: ContactFormIslandProps) {
  const [store] = useState(makeStore);
  return (
    <Provider store={store}>
      <ErrorBoundary>
        <ContactFormWithToasts {...props} onReady={islandHydrated} />
      </ErrorBoundary>
      {/* Without the toast code the form's own status line still says how a submission went. */}
      <ErrorBoundary fallback={null} reloadOnChunkError={false}>
        <ToastRegion />
      </ErrorBoundary>
    </Provider>
  );
}
