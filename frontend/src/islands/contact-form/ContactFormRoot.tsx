import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { readAttribution } from '../../features/attribution/read-attribution';
import { ContactForm, type ContactFormProps } from '../../features/contact-form/ContactForm';
import {
  BOOK_CALL_LABEL,
  ERROR_TOAST_TITLE,
  SUCCESS_TOAST_TEXT,
  errorToastText,
} from '../../features/contact-form/contact-form-copy';
import { ToastRegion } from '../../features/toasts/ToastRegion';
import { useShowToast } from '../../features/toasts/use-show-toast';
import { ErrorBoundary } from '../../shared/error-boundary/ErrorBoundary';
import { siteConfig } from '../../shared/site-config';
import { islandHydrated } from '../mount-island';

export type ContactFormIslandProps = Omit<
  ContactFormProps,
  'readAttribution' | 'onSuccess' | 'onFailure' | 'onReady'
>;

/**
 * The contact form island's root, the same in the prerendered page and in the browser: the form,
 * its toasts and a store of its own (the page around it has no code in the browser).
 */
export function ContactFormRoot(props: ContactFormIslandProps) {
  const [store] = useState(makeStore);
  return (
    <Provider store={store}>
      <ErrorBoundary>
        <ContactFormWithToasts {...props} />
      </ErrorBoundary>
      {/* Without the toast code the form's own status line still says how a submission went. */}
      <ErrorBoundary fallback={null} reloadOnChunkError={false}>
        <ToastRegion />
      </ErrorBoundary>
    </Provider>
  );
}

/**
 * The form wired to the toasts and to what brought the visitor (read from the page's address as
 * the form is sent). Features do not import each other: the island joins them.
 */
function ContactFormWithToasts(props: ContactFormIslandProps) {
  const showToast = useShowToast();
  // Fetch the toast code while the visitor types, so the toast shows at once after submitting.
  // (Imported from here, the build counts the toasts as part of the form pages' download.) A
  // failed prefetch is not an error of its own: the toast region tries again when it is needed.
  useEffect(() => {
    import('../../features/toasts/Toaster').catch(() => undefined);
  }, []);

  return (
    <ContactForm
      {...props}
      readAttribution={readAttribution}
      onReady={islandHydrated}
      onSuccess={({ bookingLink }) =>
        showToast({
          description: SUCCESS_TOAST_TEXT,
          ...(bookingLink ? { link: { href: bookingLink, label: BOOK_CALL_LABEL } } : {}),
        })
      }
      onFailure={() =>
        showToast({
          variant: 'destructive',
          title: ERROR_TOAST_TITLE,
          description: errorToastText(siteConfig.contactEmail),
        })
      }
    />
  );
}
