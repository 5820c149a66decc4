import { contactForm, openToasts, type ContactValues } from '../support/contact-form.ts';
import { spec } from '../support/site.ts';
import { uniqueEmail } from '../support/stack.ts';
import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

const someone = (label: string): ContactValues => ({
  name: 'Toast Tester',
  email: uniqueEmail(label),
  company: 'Notification Bank',
  role: 'Analyst',
});

/**
 * Submits the landing page's form by keyboard, so the pointer never rests on the toast; `open`
 * first opens the page with the pointer in a corner.
 */
async function submitWithKeyboard(page: Page, label: string, open = true): Promise<void> {
  if (open) {
    await page.goto('/');
    await page.mouse.move(0, 0);
  }
  const form = contactForm(page, '#contact');
  await form.fill(someone(label));
  await form.submit.focus();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contact')),
    page.keyboard.press('Enter'),
  ]);
  expect(response.status()).toBe(201);
}

test('only one toast is visible at a time', async ({ page }) => {
  await submitWithKeyboard(page, 'toast-first');
  const toasts = openToasts(page);
  await expect(toasts).toHaveCount(1);
  const first = await toasts.first().elementHandle();

  await submitWithKeyboard(page, 'toast-second', false);
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText(spec.successToast);
  // The one shown is the new toast; the first one has been closed.
  expect(await first?.evaluate((element) => element.isConnected && element.dataset.state)).not.toBe(
    'open',
  );
  const visible = page.getByRole('region', { name: /^Notifications/ }).locator('li:visible');
  await expect(visible).toHaveCount(1);
});

test('swiping a toast right past the threshold dismisses it; a short swipe does not', async ({
  page,
}) => {
  await submitWithKeyboard(page, 'toast-swipe');
  const toast = openToasts(page);
  await expect(toast).toHaveCount(1);

  const swipe = async (distance: number) => {
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + distance, y, { steps: 10 });
    await page.mouse.up();
  };

  await swipe(spec.toastSwipeThresholdPx / 2);
  await expect(toast).toHaveCount(1);
  await expect(toast).toBeVisible();

  await swipe(spec.toastSwipeThresholdPx * 2);
  await expect(toast).toHaveCount(0, { timeout: 2000 });
  // The result stays written under the form; only the toast is gone.
  await expect(page.locator('#contact form [role="status"]')).toHaveText(spec.successToast);
});

test(`a toast disappears on its own after about ${spec.toastDurationMs / 1000} s`, async ({
  page,
}) => {
  await submitWithKeyboard(page, 'toast-timer');
  const toast = openToasts(page);
  await expect(toast).toBeVisible({ timeout: 2000 });
  const shownAt = Date.now();
  // Still there shortly before the duration ends...
  await page.waitForTimeout(spec.toastDurationMs - 1000);
  await expect(toast).toBeVisible();
  // ...and gone soon after.
  await expect(toast).toHaveCount(0, { timeout: 3000 });
  const elapsed = Date.now() - shownAt;
  expect(elapsed).toBeGreaterThanOrEqual(spec.toastDurationMs - 1000);
  expect(elapsed).toBeLessThanOrEqual(spec.toastDurationMs + 2000);
});
