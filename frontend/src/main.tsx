// The browser entry of the public site, and the only script a page loads by itself: requested by
// the page's inline bootstrap after the first paint (islands/bootstrap.ts). It hydrates the
// page's islands when they are needed and reports the page's field measurements. The rest of the
// page is HTML and CSS.
import { startIslands } from './islands/island-loader';

const root = document.getElementById('root');
if (root && !root.firstElementChild) {
  // The development server sends an empty page: render the whole site in the browser.
  void import('./dev-app');
} else {
  startIslands();
  import('./features/field-measurements/report-web-vitals')
    .then((module) => module.reportWebVitals())
    .catch(() => undefined);
}
