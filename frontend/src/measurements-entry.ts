// The field measurements of a page (features/field-measurements/), as an entry of their own: the
// whole of a page's code where the page has no island (/about, /privacy, /terms, /demo, the 404
// page; its bootstrap requests this after the first paint, islands/bootstrap.ts), and loaded by
// the islands' loader (src/main.tsx) on a page with one. A page without islands has nothing to
// hydrate, so it fetches none of the loader.
import { reportWebVitals } from './features/field-measurements/report-web-vitals';

reportWebVitals();
