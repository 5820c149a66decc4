import { carried } from '@proposal-site/contract/attribution.json';
import { readAttribution, type Attribution, type PageAddress } from './read-attribution';

/**
 * The query a visit carries from page to page: the allow-listed parameters it arrived with, and
 * the site's own `landing` and `ref` (contract/attribution.json, `carried`) for the landing path
 * and the referrer's host. Empty for a direct visit (no parameter, no other site's referrer, no
 * carried landing path), whose links stay as they are.
 */
export function carriedQuery(
  attribution: Attribution | undefined,
  search: string,
): [string, string][] {
  if (!attribution) return [];
  const arrived =
    Object.keys(attribution).some((key) => key !== 'landing_path') ||
    new URLSearchParams(search).has(carried.landing_path);
  if (!arrived) return [];
  return Object.entries(attribution).map(([key, value]): [string, string] => [
    carried[key as keyof typeof carried] ?? key,
    value,
  ]);
}

/** Paths of the site that are not its pages: the API and the operators' console. */
const NOT_A_PAGE = /^\/(?:api|console)(?:\/|$)/;

/**
 * Makes a link of the site carry the visit's query. Left alone: links to other origins (and so
 * mailto:, tel:), hash-only links, the API and the console. A link to a section of this
 * very page (`/#problem` on `/`) gets this page's own query instead, so that it stays a jump
 * within the page rather than loading it again.
 */
export function carryOnLink(
  link: HTMLAnchorElement,
  query: [string, string][],
  page: PageAddress = window.location,
): void {
  const written = link.getAttribute('href');
  if (!written || written.startsWith('#')) return;
  let url: URL;
  try {
    url = new URL(link.href);
  } catch {
    return;
  }
  if (url.origin !== page.origin || NOT_A_PAGE.test(url.pathname)) return;
  if (url.hash && !url.search && url.pathname === page.pathname) url.search = page.search;
  else for (const [name, value] of query) url.searchParams.set(name, value);
  const carrying = url.pathname + url.search + url.hash;
  if (carrying !== written) link.setAttribute('href', carrying);
}

/** How long the idle pass waits at most for the browser's idle time. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Carries the visit's attribution across the site's pages in their addresses only, since nothing
 * is kept in cookies or storage (readAttribution, read-attribution.ts). Part of every page's code,
 * which the bootstrap requests after the first paint (islands/bootstrap.ts); the links are
 * rewritten when the browser is next idle, so that a hovered link is prerendered at the address
 * it will open (public/speculation-rules.json). A link activated before that, or rendered later,
 * is rewritten as it is clicked (any button) or its menu opened. Links inside an island are left
 * to that moment too, so that the island hydrates over the HTML it was rendered with.
 */
export function carryAttribution(): void {
  const query = carriedQuery(readAttribution(), window.location.search);
  if (query.length === 0) return;
  const carry = (target: EventTarget | null) => {
    const link = target instanceof Element ? target.closest('a') : null;
    if (link instanceof HTMLAnchorElement) carryOnLink(link, query);
  };
  // What opens a link: a click (or Enter), another button's click, the menu's "open in new tab".
  for (const type of ['click', 'auxclick', 'contextmenu']) {
    document.addEventListener(type, (event) => carry(event.target), true);
  }
  const carryAll = () => {
    for (const link of document.querySelectorAll('a[href]')) {
      if (!link.closest('[data-island]')) carry(link);
    }
  };
  if ('requestIdleCallback' in window) requestIdleCallback(carryAll, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(carryAll, 0);
}
