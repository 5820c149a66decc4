import { prerender } from 'react-dom/static';
import { App } from './app/App';
import { robotsTxt, sitemapXml } from './app/crawler-files';
import { securityTxt, SECURITY_TXT_PATH } from './app/security-txt';
import { renderHeadTags } from './app/document-head';
import { notFoundRoute, siteRoutes, type SiteRoute } from './app/routes';
import { exampleConfigVariables } from './shared/site-config';
import { BOOTSTRAP_SCRIPT, BOOTSTRAP_SRC_ATTRIBUTE } from './islands/bootstrap';
import { LIVE_INCLUDES } from './shared/live-includes';

// What the prerender script needs besides the pages, so that it restates none of these rules.
export {
  BOOTSTRAP_SCRIPT,
  BOOTSTRAP_SRC_ATTRIBUTE,
  exampleConfigVariables,
  LIVE_INCLUDES,
  notFoundRoute,
  robotsTxt,
  securityTxt,
  SECURITY_TXT_PATH,
  siteRoutes,
  sitemapXml,
};

// The island's name and the modules the pages load, as the build's manifest names them.
export { CONTACT_FORM_ISLAND } from './islands/contact-form/ContactFormIsland';
export * from './islands/island-sources';

// The 404 page is rendered at a path no route matches.
const NOT_FOUND_RENDER_PATH = '/__not-found__';

/** Renders one route to HTML, waiting for its lazy page so the markup is complete. */
export async function renderRoute(route: SiteRoute): Promise<{ html: string; head: string }> {
  const path = route.path ?? NOT_FOUND_RENDER_PATH;
  const { prelude } = await prerender(<App ssrPath={path} />);
  const html = await new Response(prelude).text();
  return { html, head: renderHeadTags(route) };
}
