import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { siteConfig } from '../../shared/site-config';
import { contactApi } from './contact-api';
import {
  ERROR_TOAST_TITLE,
  SUBMIT_LABEL,
  SUBMITTING_LABEL,
  SUCCESS_TOAST_TEXT,
  errorToastText,
} from './contact-form-copy';
import {
  EMPTY_CONTACT_FORM,
  HONEYPOT_FIELD,
  composeMessage,
  toContactRequestBody,
  type ContactFormValues,
  type ContactTextField,
} from './contact-form-values';
import {
  CONTACT_FIELD_LIMITS,
  contactSchema,
  fieldErrorsOf,
  type ContactFieldErrors,
  type ContactPayload,
} from './contact-schema';
import { FormField } from './FormField';
import { takeOverPrerenderedForm } from './prerendered-form';
import {
  countFunnelStep,
  countWhenSeen,
  funnelStepOfFailure,
  type FunnelForm,
} from './form-funnel';
import { useIdempotencyKey } from './use-idempotency-key';

export type ContactFormStatus = 'idle' | 'submitting' | 'success' | 'failure';

export interface ContactFormProps {
  /** Sent as the first line of the message, e.g. "Accessibility Feedback". */
  subject?: string;
  messagePlaceholder?: string;
  submitLabel?: string;
  onSuccess: () => void;
  onFailure: () => void;
  /** Called once the form's code runs in the browser, with the form element. */
  onReady?: (form: HTMLFormElement) => void;
}

const VISIBLE_FIELDS: ContactTextField[] = ['name', 'email', 'company', 'role', 'message'];

function serverFieldErrors(error: unknown): ContactFieldErrors {
  const data = (error as { data?: { fields?: unknown } } | undefined)?.data;
  const fields = data?.fields;
  return fields && typeof fields === 'object' ? (fields as ContactFieldErrors) : {};
}

export function ContactForm({
  subject,
  messagePlaceholder = 'Tell us about your team, your deal flow and what you would like to see.',
  submitLabel = SUBMIT_LABEL,
  onSuccess,
  onFailure,
  onReady,
}: ContactFormProps) {
  const dispatch = useAppDispatch();
  // One form per page, hydrated as an island of its own: ids from useId would differ between the
  // whole page's prerender and the island's hydration.
  const idPrefix = subject ? 'feedback' : 'contact';
  const funnelForm: FunnelForm = subject ? 'accessibility' : 'contact';
  const formRef = useRef<HTMLFormElement>(null);
  const started = useRef(false);
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<ContactFormStatus>('idle');
  const idempotencyKey = useIdempotencyKey();
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = takeOverPrerenderedForm(form, VISIBLE_FIELDS, EMPTY_CONTACT_FORM);
    if (typed) {
      started.current = true;
      countFunnelStep(funnelForm, 'started');
      setValues(typed);
    }
    countWhenSeen(funnelForm, form);
    onReady?.(form);
    // Once, when the form's code first runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const fieldRefs = useRef<
    Partial<Record<ContactTextField, HTMLInputElement | HTMLTextAreaElement>>
  >({});

  const messageLimit = CONTACT_FIELD_LIMITS.message - composeMessage('', subject).length;

  function validate(next: ContactFormValues): {
    data?: ContactPayload;
    errors: ContactFieldErrors;
  } {
    const result = contactSchema.safeParse(toContactRequestBody(next, subject));
    return result.success
      ? { data: result.data, errors: {} }
      : { data: undefined, errors: fieldErrorsOf(result.error) };
  }

  function showErrors(found: ContactFieldErrors) {
    setErrors(found);
    const first = VISIBLE_FIELDS.find((field) => found[field]);
    if (first) fieldRefs.current[first]?.focus();
  }

  // Changed values make a different request: a retry of it must not count as the earlier one.
  function updateValues(next: ContactFormValues) {
    setValues(next);
    idempotencyKey.renew();
  }

  function handleChange(name: string, value: string) {
    if (!started.current) {
      started.current = true;
      countFunnelStep(funnelForm, 'started');
    }
    const next = { ...values, [name]: value };
    updateValues(next);
    // Once a field has been flagged, re-check it as the visitor corrects it.
    if (errors[name]) setErrors({ ...errors, [name]: validate(next).errors[name] });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    const { data, errors: found } = validate(values);
    if (!data) {
      showErrors(found);
      return;
    }
    setErrors({});
    setStatus('submitting');
    countFunnelStep(funnelForm, 'submitted');
    const request = dispatch(
      contactApi.endpoints.submitContact.initiate({
        body: data,
        idempotencyKey: idempotencyKey.current(),
      }),
    );
    try {
      await request.unwrap();
      updateValues(EMPTY_CONTACT_FORM);
      setStatus('success');
      countFunnelStep(funnelForm, 'accepted');
      onSuccess();
    } catch (error) {
      setStatus('failure');
      countFunnelStep(funnelForm, funnelStepOfFailure(error));
      showErrors(serverFieldErrors(error));
      onFailure();
    } finally {
      request.reset();
    }
  }

  const id = (field: string) => `${idPrefix}-${field}`;
  const refFor =
    (field: ContactTextField) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (element) fieldRefs.current[field] = element;
    };
  const fieldProps = (field: ContactTextField) => ({
    id: id(field),
    name: field,
    value: values[field],
    error: errors[field],
    inputRef: refFor(field),
    onChange: handleChange,
  });
  const submitting = status === 'submitting';

  return (
    <form className="contact-form" method="post" ref={formRef} onSubmit={handleSubmit}>
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
          <FormField
            {...fieldProps('name')}
            label="Full name"
            required
            autoComplete="name"
            maxLength={CONTACT_FIELD_LIMITS.name}
          />
          <FormField
            {...fieldProps('email')}
            label="Work email"
            type="email"
            required
            autoComplete="email"
            maxLength={CONTACT_FIELD_LIMITS.email}
          />
          <FormField
            {...fieldProps('company')}
            label="Company"
            required
            autoComplete="organization"
            maxLength={CONTACT_FIELD_LIMITS.company}
          />
          <FormField
            {...fieldProps('role')}
            label="Role"
            required
            autoComplete="organization-title"
            maxLength={CONTACT_FIELD_LIMITS.role}
          />
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
            onChange={(event) =>
              updateValues({ ...values, contactMeByFaxOnly: event.target.checked })
            }
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
