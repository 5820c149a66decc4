import { SECTION_SCROLL_OFFSET_PX } from '../../shared/content';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Scrolls so that the section starts `offset` px below the top of the viewport (clear of the
 * fixed navigation), then moves keyboard focus there. Answers false when no such section exists.
 */
export function scrollToSection(id: string, offset = SECTION_SCROLL_OFFSET_PX): boolean {
  const section = document.getElementById(id);
  if (!section) return false;

  const top = section.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({
    top: Math.max(0, top),
    behavior: prefersReducedMotion() ? 'instant' : 'smooth',
  });

  // Focus follows the scroll for keyboard and screen-reader users; preventScroll keeps the
  // browser from jumping ahead of the smooth scroll.
  const focusTarget = section.querySelector<HTMLElement>('[data-section-heading]') ?? section;
  focusTarget.focus({ preventScroll: true });
  return true;
}
