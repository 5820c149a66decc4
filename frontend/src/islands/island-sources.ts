/**
 * For the build only (scripts/prerender.mjs, vite.config.ts): the two entries and the contact
 * form island's module as Vite's manifest names them, so that each page names its entry and the
 * budgets can sum what it fetches. The prerender step fails when one of them is not in the
 * manifest.
 */
export const CONTACT_FORM_ISLAND_SOURCE = 'src/islands/contact-form/contact-form-island.ts';
/** The islands' loader: the page's code on a page with the island (Vite's entry, index.html). */
export const PAGE_WITH_ISLANDS_ENTRY = 'index.html';
/**
 * The field measurements: the page's code on a page without the island (an entry of its own,
 * vite.config.ts), loaded by the islands' loader on a page with one.
 */
export const FIELD_MEASUREMENTS_SOURCE = 'src/measurements-entry.ts';
