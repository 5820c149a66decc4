import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scrollToSection } from './scroll-to-section';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  })) as unknown as typeof window.matchMedia;
}

function addSection(id: string) {
  document.body.innerHTML = `<section id="${id}"><h2 tabindex="-1" data-section-heading>Problem</h2></section>`;
  const section = document.getElementById(id);
  if (!section) throw new Error('no section');
  return section;
}

/** The sections each scrollIntoView call was made on, with its options. */
const scrolls = () => {
  const mock = jest.mocked(Element.prototype.scrollIntoView);
  return mock.mock.contexts.map((element, i) => [element, mock.mock.calls[i]?.[0]]);
};

describe('scrollToSection', () => {
  beforeEach(() => mockReducedMotion(false));

  it('leaves 80 px above every section, in the one place the offset is set', () => {
    // jsdom applies no stylesheet, so the rule is read as the browser would receive it.
    const css = readFileSync(join(__dirname, '../../styles/global.css'), 'utf8');
    const html = /(?:^|\n)html \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(html).toMatch(/\n\s*scroll-padding-top: 80px;/);
    expect(css.match(/scroll-(?:padding|margin)/g)).toEqual(['scroll-padding']);
  });

  it('smooth-scrolls the section to the top of the viewport, clear of the navigation', () => {
    const section = addSection('problem');
    expect(scrollToSection('problem')).toBe(true);
    expect(scrolls()).toEqual([[section, { block: 'start', behavior: 'smooth' }]]);
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    const section = addSection('solution');
    scrollToSection('solution');
    expect(scrolls()).toEqual([[section, { block: 'start', behavior: 'instant' }]]);
  });

  it('moves focus to the section heading without a second scroll', () => {
    addSection('problem');
    const heading = document.querySelector('h2');
    const focus = jest.spyOn(heading as HTMLElement, 'focus');
    scrollToSection('problem');
    expect(heading).toHaveFocus();
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('does nothing for an unknown section', () => {
    document.body.innerHTML = '';
    expect(scrollToSection('nowhere')).toBe(false);
    expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
  });
});
