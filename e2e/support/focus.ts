import { expect, type Page } from '@playwright/test';
import { waitForScrollToSettle } from './contact-form.ts';

export interface FocusReport {
  description: string;
  inHeader: boolean;
  /** Points of the focused element on which the fixed navigation is drawn (0 = not covered). */
  coveredPoints: number;
  /** Outline or box-shadow drawn for focus. */
  indicator: string;
  inViewport: boolean;
  /** Where the element and the navigation are, for the failure message. */
  geometry: string;
}

/** Describes the focused element once scrolling has settled. */
export async function focusReport(page: Page): Promise<FocusReport> {
  await waitForScrollToSettle(page);
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return {
        description: 'body',
        inHeader: false,
        coveredPoints: 0,
        indicator: 'none',
        inViewport: false,
        geometry: '',
      };
    }
    const header = document.querySelector('header.site-header') ?? document.querySelector('header');
    const rect = element.getBoundingClientRect();
    const inHeader = !!header?.contains(element);
    // Probe a grid of points over the element: where the topmost thing drawn is part of the
    // navigation, the navigation covers it (stacking order included, unlike comparing boxes).
    let coveredPoints = 0;
    if (header && !inHeader) {
      for (let i = 0; i <= 4; i += 1) {
        for (let j = 0; j <= 4; j += 1) {
          // 10 % to 90 % of each side: rounded corners are not part of the element's paint.
          const x = rect.left + rect.width * (0.1 + 0.2 * i);
          const y = rect.top + rect.height * (0.1 + 0.2 * j);
          if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
          const top = document.elementFromPoint(x, y);
          if (top && header.contains(top)) coveredPoints += 1;
        }
      }
    }
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : '';
    const shadow = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : '';
    const name =
      element.getAttribute('aria-label') ??
      element.textContent?.trim().slice(0, 40) ??
      element.getAttribute('name') ??
      '';
    return {
      description: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`,
      inHeader,
      coveredPoints,
      indicator: outline || shadow || 'none',
      inViewport: rect.bottom > 0 && rect.top < window.innerHeight,
      geometry: `element top ${Math.round(rect.top)} px, bottom ${Math.round(rect.bottom)} px; navigation bottom ${Math.round(header?.getBoundingClientRect().bottom ?? 0)} px; scrollY ${Math.round(window.scrollY)}`,
    };
  });
}

/** The focused element is on screen, not under the fixed navigation, and visibly focused. */
export async function expectFocusVisibleAndUncovered(page: Page): Promise<FocusReport> {
  const report = await focusReport(page);
  expect(report.description, 'something is focused').not.toBe('body');
  expect(report.inViewport, `${report.description} is on screen`).toBe(true);
  expect(
    report.coveredPoints,
    `${report.description} is not under the navigation (${report.geometry})`,
  ).toBe(0);
  expect(report.indicator, `${report.description} shows a focus indicator`).not.toBe('none');
  return report;
}

/**
 * After a link to a section (`/#solution`), the browser moves its sequential focus starting point
 * to that section (https://html.spec.whatwg.org/#scroll-to-the-fragment-identifier): the next Tab
 * stop is the first one after the section's start, not the next one in the navigation.
 */
export async function expectNextTabStopAfter(page: Page, sectionId: string): Promise<void> {
  await page.keyboard.press('Tab');
  const follows = await page.evaluate(
    (id) =>
      !!(
        document.getElementById(id)!.compareDocumentPosition(document.activeElement!) &
        Node.DOCUMENT_POSITION_FOLLOWING
      ),
    sectionId,
  );
  expect(follows, `the Tab stop after following #${sectionId} is past that section's start`).toBe(
    true,
  );
}
