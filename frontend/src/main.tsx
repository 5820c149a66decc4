// The browser entry of the public site, and the only script a page loads by itself: requested by
// the page's inline bootstrap after the first paint (islands/bootstrap.ts). It hydrates the
// page's islands when they are needed and reports the page's field measurements. The rest of the
// page is HTML and CSS.
import { startIslands } from './islands/island-loader';

if (import.meta.env.DEV) {
  // The development server has no prerendered pages: it renders the whole site in the browser.
  // (Left out of the build, so that no page's code is part of the site's client bundle.)
  void import('./dev-app');
} else {
  startIslands();
  import('./features/field-measurements/report-web-vitals')
    .then((module) => module.reportWebVitals())
    .catch(() => undefined);
}
