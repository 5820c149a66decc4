import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SECTION_SCROLL_OFFSET_PX } from '../../shared/content';
import { scrollToSection } from './scroll-to-section';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  })) as unknown as typeof window.matchMedia;
}

function addSection(id: string, top: number) {
  document.body.innerHTML = `<section id="${id}"><h2 tabindex="-1" data-section-heading>Problem</h2></section>`;
  const section = document.getElementById(id);
  if (!section) throw new Error('no section');
  section.getBoundingClientRect = () => ({ top }) as DOMRect;
  return section;
}

describe('scrollToSection', () => {
  beforeEach(() => {
    mockReducedMotion(false);
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
  });

  it('uses an 80 px offset', () => {
    expect(SECTION_SCROLL_OFFSET_PX).toBe(80);
  });

  it('smooth-scrolls so the section starts 80 px below the top of the viewport', () => {
    addSection('problem', 1000);
    expect(scrollToSection('problem')).toBe(true);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 1000 + 300 - 80, behavior: 'smooth' });
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    addSection('solution', 500);
    scrollToSection('solution');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 720, behavior: 'instant' });
  });

  it('never scrolls above the top of the page', () => {
    addSection('problem', -400);
    scrollToSection('problem');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('moves focus to the section heading without a second scroll', () => {
    addSection('problem', 1000);
    const heading = document.querySelector('h2');
    const focus = jest.spyOn(heading as HTMLElement, 'focus');
    scrollToSection('problem');
    expect(heading).toHaveFocus();
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('does nothing for an unknown section', () => {
    document.body.innerHTML = '';
    expect(scrollToSection('nowhere')).toBe(false);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});
