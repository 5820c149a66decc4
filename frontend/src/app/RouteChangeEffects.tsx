import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { applyHeadTags } from './document-head';
import { routeForPath } from './routes';

/** What a full page load would do, done for client-side navigation: head, scroll, focus. */
export function RouteChangeEffects() {
  const [location] = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    applyHeadTags(routeForPath(location));
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // With a #section the landing page scrolls there itself.
    if (window.location.hash) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [location]);

  return null;
}
