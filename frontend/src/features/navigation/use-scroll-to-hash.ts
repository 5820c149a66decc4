import { useEffect } from 'react';
import { scrollToSection } from './scroll-to-section';

/** On arrival with `#section` in the address (e.g. from another page), scroll to that section. */
export function useScrollToHash(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) scrollToSection(id);
  }, []);
}
