/**
 * The parts of a prerendered page that nginx fills in per request (Server Side Includes), each an
 * empty <template data-live="name"> in the page, which the build turns into its include
 * (scripts/prerender.mjs), and the internal address nginx answers it from
 * (infra/nginx/snippets/accessibility-statement.conf). Without nginx (tests, the dev server) the
 * element shows nothing.
 *
 * - accessibility-limitations: the team's confirmed, unresolved accessibility reports, as list
 *   items of the statement's known limitations (contact-service/src/statement/).
 */
export const LIVE_INCLUDES = {
  'accessibility-limitations': '/_statement/limitations',
} as const;

export type LiveInclude = keyof typeof LIVE_INCLUDES;
