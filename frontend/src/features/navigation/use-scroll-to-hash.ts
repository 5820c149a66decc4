import { useEffect } from 'react';
import { scrollToSection } from './scroll-to-section';
import { sectionIdFromHash } from './section-id-from-hash';

/** On arrival with `#section` in the address (e.g. from another page), scroll to that section. */
export function useScrollToHash(): void {
  useEffect(() => {
    const id = sectionIdFromHash(window.location.hash);
    if (id) scrollToSection(id);
  }, []);
}
