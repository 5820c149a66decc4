import './inject-api';
import { useEffect } from 'react';
import { ContactForm, type ContactFormProps } from '../features/contact-form/ContactForm';
import { showToast } from '../features/toasts/toast-thunks';
import { ERROR_TOAST_TITLE, SUCCESS_TOAST_TEXT, errorToastText } from '../shared/content';
import { siteConfig } from '../shared/site-config';
import { useAppDispatch } from './hooks';

type Props = Omit<ContactFormProps, 'onSuccess' | 'onFailure'>;

/** The contact form wired to the toasts: features do not import each other, the app joins them. */
export function ContactFormWithToasts(props: Props) {
  const dispatch = useAppDispatch();
  // Fetch the toast code while the visitor types, so the toast shows at once after submitting.
  // (Imported from here, the build counts the toasts as part of the form pages' download.) A
  // failed prefetch is not an error of its own: the toast region tries again when it is needed.
  useEffect(() => {
    import('../features/toasts/Toaster').catch(() => undefined);
  }, []);

  return (
    <ContactForm
      {...props}
      onSuccess={() => dispatch(showToast({ description: SUCCESS_TOAST_TEXT }))}
      onFailure={() =>
        dispatch(
          showToast({
            variant: 'destructive',
            title: ERROR_TOAST_TITLE,
            description: errorToastText(siteConfig.contactEmail),
          }),
        )
      }
    />
  );
}
