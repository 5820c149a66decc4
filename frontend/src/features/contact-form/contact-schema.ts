import * as z from 'zod/mini';
// Named imports, so that the bundle carries these values and not the file's description.
import {
  limits,
  messages,
  notAcceptedMessage,
  patterns,
} from '@proposal-site/contract/contact-fields.json';
import { HONEYPOT_FIELD } from './contact-form-values';

// The limits, patterns and messages of POST /api/contact are the contract's
// (contract/contact-fields.json); the contact-service builds its DTO from the same file, and both
// are tested against the same table of payloads, so the two validators cannot drift apart.
export const CONTACT_FIELD_LIMITS = limits;

/** The contract's patterns are written for the u flag: `\p{…}` classes, a surrogate pair as one. */
const pattern = (source: string) => new RegExp(source, 'u');
const EMAIL = pattern(patterns.email);
const SINGLE_LINE = pattern(patterns.singleLine);
const MULTI_LINE = pattern(patterns.multiLine);

/** The contract's `{max}`: the limit with thousands separators, as the service writes it too. */
const withLimit = (template: string, max: number) =>
  template.replace('{max}', max.toLocaleString('en-US'));

export const INVALID_EMAIL_MESSAGE = messages.email.invalid;
const NOT_ACCEPTED = notAcceptedMessage;

function requiredLine(max: number, say: { required: string; tooLong: string; characters: string }) {
  return z
    .string({ error: say.required })
    .check(
      z.trim(),
      z.minLength(1, { error: say.required }),
      z.maxLength(max, { error: withLimit(say.tooLong, max) }),
      z.regex(SINGLE_LINE, { error: say.characters }),
    );
}

export const contactSchema = z.strictObject(
  {
    name: requiredLine(CONTACT_FIELD_LIMITS.name, messages.name),
    email: z
      .string({ error: INVALID_EMAIL_MESSAGE })
      .check(
        z.trim(),
        z.maxLength(CONTACT_FIELD_LIMITS.email, { error: INVALID_EMAIL_MESSAGE }),
        z.regex(EMAIL, { error: INVALID_EMAIL_MESSAGE }),
      ),
    company: requiredLine(CONTACT_FIELD_LIMITS.company, messages.company),
    role: requiredLine(CONTACT_FIELD_LIMITS.role, messages.role),
    message: z.optional(
      z.string({ error: messages.message.notText }).check(
        z.maxLength(CONTACT_FIELD_LIMITS.message, {
          error: withLimit(messages.message.tooLong, CONTACT_FIELD_LIMITS.message),
        }),
        z.regex(MULTI_LINE, { error: messages.message.characters }),
      ),
    ),
    // The honeypot: people never see it, so it is only there when a bot ticked it.
    [HONEYPOT_FIELD]: z.optional(z.literal(true, { error: NOT_ACCEPTED })),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? NOT_ACCEPTED : undefined) },
);

export type ContactPayload = z.output<typeof contactSchema>;
export type ContactFieldErrors = Partial<Record<string, string>>;

/** One message per field (the first), keyed by field name; unknown keys are named too. */
export function fieldErrorsOf(error: z.core.$ZodError): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const issue of error.issues) {
    const fields = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? '')];
    for (const field of fields) errors[field] ??= issue.message;
  }
  return errors;
}
