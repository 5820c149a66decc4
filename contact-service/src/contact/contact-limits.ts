/** Field limits of a contact submission, in UTF-16 code units as JavaScript counts a string's length; contract/contact-payloads.json holds the same numbers. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  role: 100,
  message: 5000,
  /** The trap field of earlier versions of the form: still accepted, see the DTO. */
  website: 500,
} as const;

/**
 * The largest body a valid submission can take, derived from the field limits: JSON may spell
 * any code unit as a 6-byte `\uXXXX` escape (what a 3-byte CJK character or half of a 4-byte
 * emoji becomes in the worst case), plus 1 KB for the field names, the trap and whitespace.
 * nginx's client_max_body_size (infra/nginx/snippets/proxy-to-service.conf) is this, rounded up
 * to whole kilobytes; a test holds the two together.
 */
export const CONTACT_BODY_LIMIT_BYTES =
  Object.values(CONTACT_LIMITS).reduce((sum, limit) => sum + limit, 0) * 6 + 1024;

/** The HTML email syntax (input type=email), but the domain must contain a dot. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * No control characters at all, for one-line fields. Nor unpaired surrogates (\p{Cs}): they are
 * not text, and Postgres would store U+FFFD instead of what was sent.
 */
export const SINGLE_LINE = /^[^\p{Cc}\p{Cs}]*$/u;

/** Line breaks and tabs are fine in a message; other control characters are not. */
export const MULTI_LINE = /^(?:[^\p{Cc}\p{Cs}]|[\t\n\r])*$/u;
