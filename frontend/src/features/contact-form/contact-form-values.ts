import { subjectLine } from '@proposal-site/contract/contact-fields.json';

/** The honeypot's name: a checkbox that autofill never ticks, unlike a text field such as `website`. */
export const HONEYPOT_FIELD = 'contact_me_by_fax_only';

export interface ContactFormValues {
  name: string;
  email: string;
  company: string;
  role: string;
  message: string;
  /** The honeypot: hidden from people, so only a bot ticks it. */
  contactMeByFaxOnly: boolean;
}

export type ContactTextField = Exclude<keyof ContactFormValues, 'contactMeByFaxOnly'>;

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  company: '',
  role: '',
  message: '',
  contactMeByFaxOnly: false,
};

/** The message as sent: with a subject, the contract's subject line (`Subject: <subject>`, a blank line), then the text. */
export function composeMessage(message: string, subject?: string): string {
  return subject ? subjectLine.replace('{subject}', subject) + message : message;
}

/**
 * The body of the POST: exactly the contract's fields (contract/README.md), plus the honeypot
 * only when it was ticked, so that a person's request never carries anything else.
 */
export function toContactRequestBody(values: ContactFormValues, subject?: string) {
  return {
    name: values.name,
    email: values.email,
    company: values.company,
    role: values.role,
    message: composeMessage(values.message, subject),
    ...(values.contactMeByFaxOnly ? { [HONEYPOT_FIELD]: true as const } : {}),
  };
}
