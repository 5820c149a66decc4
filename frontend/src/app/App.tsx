import { StrictMode, Suspense } from 'react';
import { Router, useLocation } from 'wouter';
import { Footer } from '../features/navigation/Footer';
import { SkipLinks } from '../features/navigation/SkipLinks';
import { TopNav } from '../features/navigation/TopNav';
import { ErrorBoundary } from '../shared/error-boundary/ErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { RouteChangeEffects } from './RouteChangeEffects';
import { routeForPath } from './routes';

function SiteLayout() {
  const [location] = useLocation();
  const route = routeForPath(location);
  // The page's own boundary leaves the navigation and footer in place when the page fails, and
  // is new for every path, so that the next page is rendered again.
  return (
    <>
      <SkipLinks extra={route.skipLink} />
      <TopNav />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <ErrorBoundary key={location}>
          <Suspense fallback={<p className="page-loading container">Loading…</p>}>
            <AppRoutes />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <RouteChangeEffects />
    </>
  );
}

interface AppProps {
  /** The path to render on the server; the browser reads its own location. */
  ssrPath?: string;
}

/**
 * The whole site, as the prerender step renders each page (and `npm run dev` the browser). It has
 * no store: the one part that holds state, the contact form island, brings its own.
 */
export function App({ ssrPath }: AppProps) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <ErrorBoundary>
          <SiteLayout />
        </ErrorBoundary>
      </Router>
    </StrictMode>
  );
}
