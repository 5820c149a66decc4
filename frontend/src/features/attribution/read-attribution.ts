// Named imports, so that the bundle carries these values and not the file's description: this
// module is part of every page's code (carry-attribution.ts).
import { carried, limits, parameters } from '@proposal-site/contract/attribution.json';
import { cleanAttributionValue } from './attribution-value';

/**
 * What brought a lead, as POST /api/contact sends it in `attribution`: the allow-listed page
 * parameters by their names (utm_source, gclid, …), `landing_path` and `referrer_host`
 * (contract/attribution.json). Only the keys with a value are present.
 */
export type Attribution = Record<string, string>;

/** The parts of the page's address that attribution reads (window.location has them). */
export interface PageAddress {
  origin: string;
  pathname: string;
  search: string;
}

/**
 * The attribution of this page view: the allow-listed parameters of its address; the landing
 * path, which is the site's own `landing` parameter when an earlier page of the visit carried it
 * here (carry-attribution.ts) or else this page's path; and the referrer's host, which is the
 * carried `ref` parameter or else the host of `document.referrer` when that is another origin (a
 * page of the site itself is no source). Every value is cleaned as the contract says; empty ones
 * are left out, and nothing at all is undefined, so the request carries no `attribution`.
 * Nothing is read from or written to cookies or storage: the address is the whole memory.
 */
export function readAttribution(
  page: PageAddress = window.location,
  referrer: string = document.referrer,
): Attribution | undefined {
  const query = new URLSearchParams(page.search);
  const attribution: Attribution = {};
  const clean = (value: string | null | undefined, bound: number) =>
    value ? cleanAttributionValue(value, bound) : '';
  const put = (key: string, value: string) => {
    if (value) attribution[key] = value;
  };
  for (const name of parameters) put(name, clean(query.get(name), limits.parameter));
  put(
    'landing_path',
    clean(query.get(carried.landing_path), limits.landing_path) ||
      clean(page.pathname, limits.landing_path),
  );
  put(
    'referrer_host',
    clean(query.get(carried.referrer_host), limits.referrer_host) ||
      clean(externalHost(referrer, page.origin), limits.referrer_host),
  );
  return Object.keys(attribution).length > 0 ? attribution : undefined;
}

/** The referrer's host when it is another origin than the page's, else undefined. */
function externalHost(referrer: string, origin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? undefined : url.host;
  } catch {
    return undefined;
  }
}
