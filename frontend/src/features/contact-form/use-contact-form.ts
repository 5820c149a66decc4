import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { bookingLinkFor } from './booking-link';
import { contactApi, type ContactAttribution } from './contact-api';
import {
  EMPTY_CONTACT_FORM,
  toContactRequestBody,
  type ContactFormValues,
  type ContactTextField,
} from './contact-form-values';
import {
  contactSchema,
  fieldErrorsOf,
  type ContactFieldErrors,
  type ContactPayload,
} from './contact-schema';
import {
  countFunnelStep,
  countWhenSeen,
  funnelStepOfFailure,
  type FunnelForm,
} from './form-funnel';
import { useIdempotencyKey } from './use-idempotency-key';

type ContactFormStatus = 'idle' | 'submitting' | 'success' | 'failure';

/** The text fields as the form shows them, in order: the first with an error takes the focus. */
const VISIBLE_FIELDS: ContactTextField[] = ['name', 'email', 'company', 'role', 'message'];

/** What a visitor may do next once the service has the request. */
export interface ContactSuccess {
  /**
   * The scheduler's page for this lead, with the name and address the visitor typed
   * (booking-link.ts): only for a discovery-call request, when the service has a scheduler.
   */
  bookingLink?: string;
}

interface Options {
  /** Sent as the first line of the message, e.g. "Accessibility Feedback". */
  subject?: string;
  /**
   * What brought the visitor, read as the form is sent (the island joins it from
   * features/attribution); the request carries none when it answers undefined.
   */
  readAttribution?: () => ContactAttribution | undefined;
  onSuccess: (success: ContactSuccess) => void;
  onFailure: () => void;
  /** Called once the form's code runs in the browser, with the form element. */
  onReady?: (form: HTMLFormElement) => void;
}

/**
 * What the contact form does, apart from how it looks (ContactForm.tsx): it takes over the
 * prerendered form, counts the funnel, validates as the service does (contact-schema.ts), keeps
 * one Idempotency-Key per filled-in form, and sends it (contact-api.ts).
 */
export function useContactForm({
  subject,
  readAttribution,
  onSuccess,
  onFailure,
  onReady,
}: Options) {
  const dispatch = useAppDispatch();
  const funnelForm: FunnelForm = subject ? 'accessibility' : 'contact';
  const formRef = useRef<HTMLFormElement>(null);
  const fieldRefs = useRef<Partial<Record<ContactTextField, HTMLElement>>>({});
  const started = useRef(false);
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<ContactFormStatus>('idle');
  const idempotencyKey = useIdempotencyKey();

  const start = () => {
    if (started.current) return;
    started.current = true;
    countFunnelStep(funnelForm, 'started');
  };

  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = takeOverPrerenderedForm(form);
    if (typed) {
      start();
      setValues(typed);
    }
    countWhenSeen(funnelForm, form);
    onReady?.(form);
    // Once, when the form's code first runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const validate = (
    next: ContactFormValues,
  ): { data?: ContactPayload; errors: ContactFieldErrors } => {
    const result = contactSchema.safeParse(toContactRequestBody(next, subject));
    return result.success
      ? { data: result.data, errors: {} }
      : { errors: fieldErrorsOf(result.error) };
  };

  const showErrors = (found: ContactFieldErrors) => {
    setErrors(found);
    const first = VISIBLE_FIELDS.find((field) => found[field]);
    if (first) fieldRefs.current[first]?.focus();
  };

  // Changed values make a different request: a retry of it must not count as the earlier one.
  const updateValues = (next: ContactFormValues) => {
    setValues(next);
    idempotencyKey.renew();
  };

  const change = (name: string, value: string) => {
    start();
    const next = { ...values, [name]: value };
    updateValues(next);
    // Once a field has been flagged, re-check it as the visitor corrects it.
    if (errors[name]) setErrors({ ...errors, [name]: validate(next).errors[name] });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const { data, errors: found } = validate(values);
    if (!data) return showErrors(found);
    setErrors({});
    setStatus('submitting');
    countFunnelStep(funnelForm, 'submitted');
    const attribution = readAttribution?.();
    const request = dispatch(
      contactApi.endpoints.submitContact.initiate({
        body: attribution ? { ...data, attribution } : data,
        idempotencyKey: idempotencyKey.current(),
      }),
    );
    try {
      const receipt = await request.unwrap();
      updateValues(EMPTY_CONTACT_FORM);
      setStatus('success');
      countFunnelStep(funnelForm, 'accepted');
      onSuccess({ bookingLink: bookingLinkFor(receipt.bookingUrl, data) });
    } catch (error) {
      setStatus('failure');
      countFunnelStep(funnelForm, funnelStepOfFailure(error));
      showErrors(serverFieldErrors(error));
      onFailure();
    } finally {
      request.reset();
    }
  };

  /** The honeypot, ticked or not: it changes the request, not the funnel or the errors. */
  const tickHoneypot = (ticked: boolean) => updateValues({ ...values, contactMeByFaxOnly: ticked });

  /** Where a field registers its element, so that a problem can focus it. */
  const refFor = (field: ContactTextField) => (element: HTMLElement | null) => {
    if (element) fieldRefs.current[field] = element;
  };

  return { formRef, values, errors, status, change, tickHoneypot, submit, refFor };
}

/** The service's own word on each field (a 400's `fields`), when it refused the request. */
function serverFieldErrors(error: unknown): ContactFieldErrors {
  const fields = (error as { data?: { fields?: unknown } } | undefined)?.data?.fields;
  return fields && typeof fields === 'object' ? (fields as ContactFieldErrors) : {};
}

/**
 * The form is prerendered disabled: a browser without JavaScript cannot send it natively (which
 * would put the visitor's details in the URL). The islands' loader enables it as soon as it runs
 * (islands/island-loader.ts, right after the first paint), before this code arrives; until then
 * the browser's own validation applies and a valid submit is held, not lost. When this code runs
 * it takes the form over: it validates by itself from then on (noValidate), enables the form
 * where the loader did not run (the development server, tests), and answers the values typed so
 * far, or null when nothing was. Through the DOM rather than state, so hydrating the form needs no
 * second render of attributes.
 */
function takeOverPrerenderedForm(form: HTMLFormElement): ContactFormValues | null {
  form.noValidate = true;
  const fieldset = form.querySelector('fieldset');
  if (fieldset) fieldset.disabled = false;
  const typed = { ...EMPTY_CONTACT_FORM };
  let changed = false;
  for (const field of VISIBLE_FIELDS) {
    const element = form.elements.namedItem(field) as HTMLInputElement | null;
    if (element && element.value !== EMPTY_CONTACT_FORM[field]) {
      typed[field] = element.value;
      changed = true;
    }
  }
  return changed ? typed : null;
}
