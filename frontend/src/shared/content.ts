// The site's marketing copy and legal dates, the one place each is written; pages and route
// descriptions read them from here (frontend/README.md, "Fixed wording and constants"). The
// promises made to the people who write are the contract's (contract/promises.json), which the
// contact-service tracks: the pages state them from there.
import promises from '@proposal-site/contract/promises.json';
import statement from '@proposal-site/contract/accessibility-statement.json';

export const CLAIMS = {
  turnaroundReduction: '50-70%',
  juniorStaffTime: '40-50%',
  annualSpend: '$10-30 million',
  pitchbookSpend: '$3.6 billion',
} as const;

export const PRIVACY_LAST_UPDATED = 'September 3, 2025';
/**
 * The accessibility statement's facts are data (contract/accessibility-statement.json), which
 * the contact-service reads too: it adds the team's confirmed reports to the known limitations
 * and watches the review date. An ISO date as the pages write it: 2026-03-03 → "March 3, 2026".
 */
export const ACCESSIBILITY_STATEMENT = statement;
export const statementDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
export const ACCESSIBILITY_NEXT_REVIEW = statementDate(statement.nextReview);
export const GOVERNING_LAW_COUNTRY = 'Belgium';

export const CALLBACK_HOURS = promises.callbackHours;
export const ACKNOWLEDGEMENT_BUSINESS_DAYS = promises.acknowledgeBusinessDays;
export const ASSESSMENT_BUSINESS_DAYS = promises.assessBusinessDays;

/** An hour of the day as the pages write it: 9 → "9 AM", 17 → "5 PM". */
const clockHour = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;
const { opens, closes, timeZoneLabel } = promises.supportHours;
/** "9 AM - 5 PM CET". */
export const SUPPORT_HOURS = `${clockHour(opens)} - ${clockHour(closes)} ${timeZoneLabel}`;

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_TEXT = 'Did you forget to add the page to the router?';
