// The browser entry of a page with an island (/ and /accessibility), the islands' loader: requested
// by the page's inline bootstrap after the first paint (islands/bootstrap.ts). It hydrates the
// page's islands when they are needed and loads the field measurements (measurements-entry.ts,
// which is the whole of the code of a page without islands). The rest of the page is HTML and CSS.
import { startIslands } from './islands/island-loader';

if (import.meta.env.DEV) {
  // The development server has no prerendered pages: it renders the whole site in the browser.
  // (Left out of the build, so that no page's code is part of the site's client bundle.)
  void import('./dev-app');
} else {
  startIslands();
  import('./measurements-entry').catch(() => undefined);
}
