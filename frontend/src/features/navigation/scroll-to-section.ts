function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Scrolls the section to the top of the viewport, then moves keyboard focus there. Answers false
 * when no such section exists. The browser keeps the html element's `scroll-padding-top` free
 * above the section: the 80 px offset, set once in styles/global.css for these scrolls, for
 * anchors followed without JavaScript and for focus moved by the keyboard alike.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;

  section.scrollIntoView({
    block: 'start',
    behavior: prefersReducedMotion() ? 'instant' : 'smooth',
  });

  // Focus follows the scroll for keyboard and screen-reader users; preventScroll keeps the
  // browser from jumping ahead of the smooth scroll.
  const focusTarget = section.querySelector<HTMLElement>('[data-section-heading]') ?? section;
  focusTarget.focus({ preventScroll: true });
  return true;
}
