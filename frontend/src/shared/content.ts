// The site's marketing copy and legal dates, the one place each is written; pages and route
// descriptions read them from here (frontend/README.md, "Fixed wording and constants").

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

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_TEXT = 'Did you forget to add the page to the router?';
