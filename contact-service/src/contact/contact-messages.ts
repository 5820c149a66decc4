import contactFields from '@proposal-site/contract/contact-fields.json' with { type: 'json' };
import { CONTACT_LIMITS } from './contact-limits.js';

const { messages } = contactFields;

/** The contract's `{max}`: the limit with thousands separators, as the site writes it too. */
const withLimit = (template: string, max: number) =>
  template.replace('{max}', max.toLocaleString('en-US'));

/**
 * What a person is told about each field, from the contract (contract/contact-fields.json), so
 * that the service and the site's form say the same thing about the same mistake.
 */
export const CONTACT_MESSAGES = {
  name: { ...messages.name, tooLong: withLimit(messages.name.tooLong, CONTACT_LIMITS.name) },
  email: messages.email,
  company: {
    ...messages.company,
    tooLong: withLimit(messages.company.tooLong, CONTACT_LIMITS.company),
  },
  role: { ...messages.role, tooLong: withLimit(messages.role.tooLong, CONTACT_LIMITS.role) },
  message: {
    ...messages.message,
    tooLong: withLimit(messages.message.tooLong, CONTACT_LIMITS.message),
  },
  notAccepted: contactFields.notAcceptedMessage,
} as const;

/** How the public API words a body its DTO refuses (http/body-validation.pipe.ts). */
export const CONTACT_BODY_WORDING = {
  notObject: 'The request body must be a JSON object with name, email, company and role.',
  correct: 'Please correct the highlighted fields and send the form again.',
  unknownField: CONTACT_MESSAGES.notAccepted,
};
