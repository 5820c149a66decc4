import * as z from 'zod/mini';
import { INVALID_EMAIL_MESSAGE } from '../../shared/content';
import { HONEYPOT_FIELD } from './contact-form-values';

// The limits and rules of POST /api/contact (contract/README.md); the contact-service checks
// the same table of payloads, so the two validators cannot drift apart.
export const CONTACT_FIELD_LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  role: 100,
  message: 5000,
} as const;

// WHATWG `type=email` syntax, except that the domain must contain at least one dot.
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

// Control characters, and unpaired surrogates (\p{Cs}; with the u flag a proper pair is one code
// point and does not match), which are not text and which the contract rejects.
const CONTROL_CHARACTER = /[\p{Cc}\p{Cs}]/u;
// Line breaks and tabs are fine in a free-text message; other control characters are not.
const CONTROL_CHARACTER_EXCEPT_BREAKS = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

const SPECIAL_CHARACTERS_MESSAGE = 'Please remove line breaks and special characters.';
const tooLongMessage = (max: number) => `Please keep this to ${max} characters or fewer.`;

function requiredLine(max: number, missingMessage: string) {
  return z.string({ error: missingMessage }).check(
    z.trim(),
    z.minLength(1, { error: missingMessage }),
    z.maxLength(max, { error: tooLongMessage(max) }),
    z.refine((value) => !CONTROL_CHARACTER.test(value), { error: SPECIAL_CHARACTERS_MESSAGE }),
  );
}

export const contactSchema = z.strictObject({
  name: requiredLine(CONTACT_FIELD_LIMITS.name, 'Please enter your name.'),
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .check(
      z.trim(),
      z.maxLength(CONTACT_FIELD_LIMITS.email, { error: INVALID_EMAIL_MESSAGE }),
      z.regex(EMAIL_PATTERN, { error: INVALID_EMAIL_MESSAGE }),
    ),
  company: requiredLine(CONTACT_FIELD_LIMITS.company, 'Please enter your company.'),
  role: requiredLine(CONTACT_FIELD_LIMITS.role, 'Please enter your role.'),
  message: z.optional(
    z.string({ error: 'Please enter your message as text.' }).check(
      z.maxLength(CONTACT_FIELD_LIMITS.message, {
        error: tooLongMessage(CONTACT_FIELD_LIMITS.message),
      }),
      z.refine((value) => !CONTROL_CHARACTER_EXCEPT_BREAKS.test(value), {
        error: 'Please remove special characters from your message.',
      }),
    ),
  ),
  // The honeypot: people never see it, so it is only there when a bot ticked it.
  [HONEYPOT_FIELD]: z.optional(z.literal(true)),
});

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
