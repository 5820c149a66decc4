// Shown in place of a part of the page that failed (ErrorNotice.tsx). Not fixed by the product's
// wording; written here once so that the tests read the same strings.
export const PAGE_ERROR_TITLE = 'Sorry, this part of the page could not be shown.';
export const PAGE_ERROR_TEXT = 'Please reload the page, or email us at';
export const PAGE_ERROR_RELOAD_LABEL = 'Reload the page';
