import { contactForm, openToasts, waitForScrollToSettle } from '../support/contact-form.ts';
import { expectFocusVisibleAndUncovered, expectNextTabStopAfter } from '../support/focus.ts';
import { allPages, spec } from '../support/site.ts';
import { submissionsFor, uniqueEmail } from '../support/stack.ts';
import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

test('keyboard only: from the skip link through the navigation to a submitted form, focus always visible and never under the navigation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const tab = async (key = 'Tab') => {
    await page.keyboard.press(key);
    return expectFocusVisibleAndUncovered(page);
  };

  // The skip links come first, then the navigation.
  await tab();
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  const nav = page.getByRole('navigation', { name: 'Main' });
  let steps = 0;
  while (
    !(await nav
      .getByRole('link', { name: 'Solution', exact: true })
      .evaluate((a) => a === document.activeElement))
  ) {
    await tab();
    expect(++steps, 'Solution is reached within the first stops').toBeLessThan(10);
  }

  // Enter on Solution takes the page there; Tab walks on from the section to the form.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/#solution');
  await waitForScrollToSettle(page);
  await expectNextTabStopAfter(page, 'solution');
  await expectFocusVisibleAndUncovered(page);

  const form = contactForm(page, '#contact');
  const visited: string[] = [];
  while (!(await form.name.evaluate((input) => input === document.activeElement))) {
    visited.push((await tab()).description);
    expect(visited.length, `stops visited: ${visited.join(', ')}`).toBeLessThan(40);
  }

  const values = {
    name: 'Keyboard User',
    email: uniqueEmail('keyboard'),
    company: 'Tab Order Bank',
    role: 'Vice President',
    message: 'Sent without a mouse.',
  };
  await page.keyboard.type(values.name);
  for (const field of ['email', 'company', 'role', 'message'] as const) {
    await tab();
    await expect(form[field]).toBeFocused();
    await page.keyboard.type(values[field]);
  }
  // The honeypot is skipped: the next stop is the submit button.
  await tab();
  await expect(form.submit).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(openToasts(page)).toContainText(spec.successToast);
  await expect(form.name).toHaveValue('');
  const rows = await submissionsFor(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(values);
});

/** Presses the key until focus comes back to a stop already seen (or leaves the page). */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    await page.keyboard.press(key);
    if (await page.evaluate(() => document.activeElement === document.body)) break;
    const report = await expectFocusVisibleAndUncovered(page);
    if (seen.includes(report.description)) break;
    seen.push(report.description);
    expect(seen.length, 'the page has a bounded number of tab stops').toBeLessThan(80);
  }
  return seen;
}

for (const route of allPages) {
  test(`keyboard only: every tab stop of ${route.path} is visibly focused and never under the navigation`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    const forward = await walk(page, 'Tab');
    expect(forward.length).toBeGreaterThan(5);
    // Backwards too, where content scrolling up under a fixed bar usually goes wrong.
    const backward = await walk(page, 'Shift+Tab');
    expect(backward.length).toBeGreaterThan(5);
  });
}
