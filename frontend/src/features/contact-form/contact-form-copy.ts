// The contact form's fixed wording (frontend/README.md, "Fixed wording and constants"). The
// per-field messages are the contract's, in contact-schema.ts.
import { subjects } from '@proposal-site/contract/contact-fields.json';
import { callbackHours } from '@proposal-site/contract/promises.json';

export const SUBMIT_LABEL = 'Request a Discovery Call';
export const SUBMITTING_LABEL = 'Submitting...';

/** The callback promise the service tracks (contract/promises.json): the spec's 24 hours. */
export const SUCCESS_TOAST_TEXT = `Thank you for your interest! We'll be in touch within ${callbackHours} hours to schedule your discovery call.`;
/**
 * The success toast's link to the scheduler, when the service gives one (booking-link.ts). Not
 * the spec's wording, which it leaves as it is: an offer beside it.
 */
export const BOOK_CALL_LABEL = 'Book your call now';
export const ERROR_TOAST_TITLE = 'Something went wrong';
export const errorToastText = (email: string): string =>
  `Please try again or email us directly at ${email}`;

/** The subject of the accessibility page's form, sent as the first line of the message. */
export const ACCESSIBILITY_SUBJECT = subjects.accessibility;
