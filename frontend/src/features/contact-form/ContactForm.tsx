import { siteConfig } from '../../shared/site-config';
import {
  ERROR_TOAST_TITLE,
  SUBMIT_LABEL,
  SUBMITTING_LABEL,
  SUCCESS_TOAST_TEXT,
  errorToastText,
} from './contact-form-copy';
import { HONEYPOT_FIELD, composeMessage, type ContactTextField } from './contact-form-values';
import { CONTACT_FIELD_LIMITS } from './contact-schema';
import { FormField } from './FormField';
import type { ContactAttribution } from './contact-api';
import { useContactForm, type ContactSuccess } from './use-contact-form';

export interface ContactFormProps {
  /** Sent as the first line of the message, e.g. "Accessibility Feedback". */
  subject?: string;
  messagePlaceholder?: string;
  submitLabel?: string;
  /** What brought the visitor, read as the form is sent; none is sent when it answers undefined. */
  readAttribution?: () => ContactAttribution | undefined;
  onSuccess: (success: ContactSuccess) => void;
  onFailure: () => void;
  /** Called once the form's code runs in the browser, with the form element. */
  onReady?: (form: HTMLFormElement) => void;
}

/** The one-line fields, in order, with the spec's labels; the message follows them. */
const FIELDS: {
  field: ContactTextField;
  label: string;
  autoComplete?: string;
  type?: 'email';
}[] = [
  { field: 'name', label: 'Full name', autoComplete: 'name' },
  { field: 'email', label: 'Work email', autoComplete: 'email', type: 'email' },
  { field: 'company', label: 'Company', autoComplete: 'organization' },
  { field: 'role', label: 'Role', autoComplete: 'organization-title' },
];

/**
 * The contact form as it looks, prerendered and hydrated alike; what it does is
 * use-contact-form.ts.
 */
export function ContactForm({
  subject,
  messagePlaceholder = 'Tell us about your team, your deal flow and what you would like to see.',
  submitLabel = SUBMIT_LABEL,
  ...handlers
}: ContactFormProps) {
  const { formRef, values, errors, status, change, tickHoneypot, submit, refFor } = useContactForm({
    subject,
    ...handlers,
  });
  // One form per page, hydrated as an island of its own: ids from useId would differ between the
  // whole page's prerender and the island's hydration.
  const id = (field: string) => `${subject ? 'feedback' : 'contact'}-${field}`;
  const fieldProps = (field: ContactTextField) => ({
    id: id(field),
    name: field,
    value: values[field],
    error: errors[field],
    inputRef: refFor(field),
    onChange: change,
  });
  const messageLimit = CONTACT_FIELD_LIMITS.message - composeMessage('', subject).length;
  const submitting = status === 'submitting';

  return (
    <form className="contact-form" method="post" ref={formRef} onSubmit={submit}>
      <noscript>
        <p className="form-noscript">
          {'Sending this form needs JavaScript. You can also email us at '}
          <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>.
        </p>
      </noscript>
      <fieldset className="form-fieldset" disabled>
        <p className="form-legend">
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        <div className="form-grid">
          {FIELDS.map(({ field, ...shown }) => (
            <FormField
              key={field}
              {...fieldProps(field)}
              {...shown}
              required
              maxLength={CONTACT_FIELD_LIMITS[field]}
            />
          ))}
          <FormField
            {...fieldProps('message')}
            label="Message"
            multiline
            placeholder={messagePlaceholder}
            maxLength={messageLimit}
          />
        </div>
        {/* Honeypot for bots: hidden from people and from assistive technology alike. A checkbox,
            because browsers and password managers fill in text fields but never tick boxes. */}
        <div className="hp-field" aria-hidden="true">
          <input
            id={id(HONEYPOT_FIELD)}
            name={HONEYPOT_FIELD}
            type="checkbox"
            tabIndex={-1}
            autoComplete="off"
            checked={values.contactMeByFaxOnly}
            onChange={(event) => tickHoneypot(event.target.checked)}
          />
          <label htmlFor={id(HONEYPOT_FIELD)}>Contact me by fax only</label>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? SUBMITTING_LABEL : submitLabel}
          </button>
          <p className="form-status" role="status" data-status={status}>
            {status === 'success' && SUCCESS_TOAST_TEXT}
            {status === 'failure' &&
              `${ERROR_TOAST_TITLE}. ${errorToastText(siteConfig.contactEmail)}.`}
          </p>
        </div>
      </fieldset>
    </form>
  );
}
