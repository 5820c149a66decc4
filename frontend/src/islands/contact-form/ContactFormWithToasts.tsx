import { useEffect } from 'react';
import { ContactForm, type ContactFormProps } from '../../features/contact-form/ContactForm';
import {
  ERROR_TOAST_TITLE,
  SUCCESS_TOAST_TEXT,
  errorToastText,
} from '../../features/contact-form/contact-form-copy';
import { useShowToast } from '../../features/toasts/use-show-toast';
import { siteConfig } from '../../shared/site-config';

export type ContactFormWithToastsProps = Omit<ContactFormProps, 'onSuccess' | 'onFailure'>;

/**
 * The contact form wired to the toasts. Features do not import each other: the pages that carry
 * the form join the two.
 */
export function ContactFormWithToasts(props: ContactFormWithToastsProps) {
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
      onSuccess={() => showToast({ description: SUCCESS_TOAST_TEXT })}
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
