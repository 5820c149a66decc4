// The constants and exact wording fixed by the spec (site-spec.md §4, §5, §8, §9).
// Tests import them from here so that a changed string is changed in one place.

export const SECTION_SCROLL_OFFSET_PX = 80;

export const SECTION_IDS = {
  problem: 'problem',
  solution: 'solution',
  contact: 'contact',
} as const;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const SUBMIT_LABEL = 'Request a Discovery Call';
export const SUBMITTING_LABEL = 'Submitting...';

export const SUCCESS_TOAST_TEXT =
  "Thank you for your interest! We'll be in touch within 24 hours to schedule your discovery call.";
export const ERROR_TOAST_TITLE = 'Something went wrong';
export const errorToastText = (email: string): string =>
  `Please try again or email us directly at ${email}`;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

export const ACCESSIBILITY_SUBJECT = 'Accessibility Feedback';

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_TEXT = 'Did you forget to add the page to the router?';

export const CLAIMS = {
  turnaroundReduction: '50-70%',
  juniorStaffTime: '40-50%',
  annualSpend: '$10-30 million',
  pitchbookSpend: '$3.6 billion',
} as const;

export const PRIVACY_LAST_UPDATED = 'September 3, 2025';
export const ACCESSIBILITY_NEXT_REVIEW = 'March 3, 2026';
export const GOVERNING_LAW_COUNTRY = 'Belgium';

export const ACKNOWLEDGEMENT_BUSINESS_DAYS = 2;
export const ASSESSMENT_BUSINESS_DAYS = 5;
export const SUPPORT_HOURS = '9 AM - 5 PM CET';

// Not from the spec: shown in place of a part of the page that failed (app/ErrorNotice.tsx).
export const PAGE_ERROR_TITLE = 'Sorry, this part of the page could not be shown.';
export const PAGE_ERROR_TEXT = 'Please reload the page, or email us at';
export const PAGE_ERROR_RELOAD_LABEL = 'Reload the page';
