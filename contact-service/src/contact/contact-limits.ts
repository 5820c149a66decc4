/** Field limits of a contact submission; contract/contact-payloads.json holds the same numbers. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  role: 100,
  message: 5000,
  website: 500,
} as const;

/** The HTML email syntax (input type=email), but the domain must contain a dot. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** No control characters at all: for one-line fields. */
export const SINGLE_LINE = /^\P{Cc}*$/u;

/** Line breaks and tabs are fine in a message; other control characters are not. */
export const MULTI_LINE = /^(?:\P{Cc}|[\t\n\r])*$/u;
