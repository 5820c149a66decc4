export interface ContactFormValues {
  name: string;
  email: string;
  company: string;
  role: string;
  message: string;
  website: string;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  company: '',
  role: '',
  message: '',
  website: '',
};

/** The message as sent: with a subject, `Subject: <subject>`, a blank line, then the text. */
export function composeMessage(message: string, subject?: string): string {
  return subject ? `Subject: ${subject}\n\n${message}` : message;
}

export function toContactRequestBody(values: ContactFormValues, subject?: string) {
  return {
    name: values.name,
    email: values.email,
    company: values.company,
    role: values.role,
    message: composeMessage(values.message, subject),
    website: values.website,
  };
}
