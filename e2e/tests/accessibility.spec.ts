import { expectNoAxeViolations } from '../support/axe.ts';
import { contactForm, openToasts } from '../support/contact-form.ts';
import { allPages, spec } from '../support/site.ts';
import { uniqueEmail } from '../support/stack.ts';
import { expect, test } from '../support/fixtures.ts';

for (const route of allPages) {
  test(`axe: ${route.path} has no WCAG 2.2 AA violations`, async ({ page }, testInfo) => {
    await page.goto(route.path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    await expectNoAxeViolations(page, testInfo, route.slug);
  });
}

for (const [path, section] of [
  ['/', '#contact'],
  ['/accessibility', '#accessibility-feedback'],
] as const) {
  test(`axe: ${path} with the form's errors shown`, async ({ page }, testInfo) => {
    await page.goto(path);
    const form = contactForm(page, section);
    await form.ready();
    await form.email.fill('not-an-address');
    await form.submit.click();
    await expect(form.form.getByText(spec.invalidEmail)).toBeVisible();
    await expect(form.name).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, testInfo, `${path === '/' ? 'home' : 'a11y'}-form-errors`);
  });
}

test('axe: the landing page with the success toast open', async ({ page }, testInfo) => {
  await page.goto('/');
  const form = contactForm(page, '#contact');
  await form.fill({
    name: 'Axe Tester',
    email: uniqueEmail('axe'),
    company: 'Audit Bank',
    role: 'Analyst',
  });
  await form.submit.focus();
  await page.keyboard.press('Enter');
  const toast = openToasts(page);
  await expect(toast).toContainText(spec.successToast);
  // A pointer resting on a toast pauses its timer, so it stays open while axe runs.
  await toast.hover();
  await expectNoAxeViolations(page, testInfo, 'home-toast-open');
  await expect(toast, 'the toast was still open when axe ran').toHaveCount(1);
});
