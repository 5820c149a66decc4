// The code of every page, as an entry of its own: the whole of a page's code where the page has
// no island (/about, /privacy, /terms, /demo, the 404 page; its bootstrap requests this after the
// first paint, islands/bootstrap.ts), and loaded by the islands' loader (src/main.tsx) on a page
// with one. A page without islands has nothing to hydrate, so it fetches none of the loader.
// Two things every page does: its field measurements (features/field-measurements/), and carrying
// the visit's attribution on its links (features/attribution/carry-attribution.ts), both small.
import { carryAttribution } from './features/attribution/carry-attribution';
import { reportWebVitals } from './features/field-measurements/report-web-vitals';

reportWebVitals();
carryAttribution();
