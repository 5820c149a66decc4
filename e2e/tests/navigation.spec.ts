import type { Page } from '@playwright/test';
import { siteConfig, spec } from '../support/site.ts';
import { waitForScrollToSettle } from '../support/contact-form.ts';
import { expectNextTabStopAfter } from '../support/focus.ts';
import { expect, test } from '../support/fixtures.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the skip link is the first tab stop and moves focus past the navigation', async ({
  page,
}) => {
  await page.goto('/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  // The next stop is inside the page's content, not in the navigation.
  await page.keyboard.press('Tab');
  const next = page.locator(':focus');
  expect(await next.evaluate((element) => !!element.closest('main'))).toBe(true);
  expect(await next.evaluate((element) => !!element.closest('header'))).toBe(false);
});

for (const [label, id] of [
  ['Problem', 'problem', '01 Problem'],
  ['Solution', 'solution', '02 Solution'],
] as const) {
  test(`${label} smooth-scrolls so its section starts ${spec.sectionScrollOffsetPx} px below the top, under a fixed navigation`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    // Every position the page scrolls through, from each scroll event: a smooth scroll passes
    // through positions between the start and the end, however slowly the host draws its frames
    // (eight frames sampled after the click were all drawn before it began on a busy host).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { scrolledThrough: number[] }).scrolledThrough = seen;
      window.addEventListener('scroll', () => seen.push(window.scrollY), { passive: true });
    });
    await mainNav(page).getByRole('link', { name: label, exact: true }).click();
    await page.waitForFunction(
      () => (window as unknown as { scrolledThrough: number[] }).scrolledThrough.length > 0,
    );
    await waitForScrollToSettle(page);
    const positions = await page.evaluate(
      () => (window as unknown as { scrolledThrough: number[] }).scrolledThrough,
    );
    const top = await page.locator(`#${id}`).evaluate((s) => s.getBoundingClientRect().top);
    expect(Math.abs(top - spec.sectionScrollOffsetPx)).toBeLessThanOrEqual(1);
    const finalY = await page.evaluate(() => window.scrollY);
    expect(positions.some((y) => y > 0 && y < finalY - 1)).toBe(true);

    await expect(page).toHaveURL(`/#${id}`);
    await expectNextTabStopAfter(page, id);

    const header = page.locator('header').first();
    expect(await header.evaluate((h) => getComputedStyle(h).position)).toBe('fixed');
    expect(await header.evaluate((h) => h.getBoundingClientRect().top)).toBe(0);
    await expect(mainNav(page)).toBeInViewport();
  });
}

test('with reduced motion the jump to a section is instant', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const link = mainNav(page).getByRole('link', { name: 'Solution', exact: true });
  // Click and read the position in the same task as the click handler ran: no frame has passed.
  const top = await link.evaluate((anchor) => {
    (anchor as HTMLAnchorElement).click();
    return document.getElementById('solution')!.getBoundingClientRect().top;
  });
  expect(Math.abs(top - spec.sectionScrollOffsetPx)).toBeLessThanOrEqual(1);
});

test('from another page, Solution leads to the landing page scrolled to its section', async ({
  page,
}) => {
  await page.goto('/privacy');
  await mainNav(page).getByRole('link', { name: 'Solution', exact: true }).click();
  await expect(page).toHaveURL('/#solution');
  await waitForScrollToSettle(page);
  const top = await page.locator('#solution').evaluate((s) => s.getBoundingClientRect().top);
  expect(Math.abs(top - spec.sectionScrollOffsetPx)).toBeLessThanOrEqual(1);
});

test('Contact and Book a Demo open the scheduler in a new tab', async ({ page, context }) => {
  await page.goto('/');
  const links = [
    mainNav(page).getByRole('link', { name: /^Contact/ }),
    page.locator('.hero').getByRole('link', { name: /^Book a Demo/ }),
    page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: /^Book a Demo/ }),
  ];
  for (const link of links) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName(/opens in a new tab/);
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(siteConfig.schedulerUrl);
    // noopener: the scheduler gets no handle on the site.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    await expect(page).toHaveURL('/');
  }
});

test('the footer links reach each page', async ({ page }) => {
  const footerLinks = [
    ['Company', 'About Us', '/about', `About ${siteConfig.brandName}`],
    ['Legal', 'Privacy Policy', '/privacy', 'Privacy Policy'],
    ['Legal', 'Terms of Service', '/terms', 'Terms of Service'],
    ['Legal', 'Accessibility', '/accessibility', 'Accessibility Statement'],
  ] as const;
  await page.goto('/');
  for (const [group, name, path, h1] of footerLinks) {
    await page
      .getByRole('navigation', { name: group })
      .getByRole('link', { name, exact: true })
      .click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
  }
  // Footer "Contact" goes back to the landing page's form section.
  await page
    .getByRole('navigation', { name: 'Company' })
    .getByRole('link', { name: 'Contact', exact: true })
    .click();
  await expect(page).toHaveURL('/#contact');
  await expectNextTabStopAfter(page, 'contact');
});

test('the footer has mailto links for general inquiries, accessibility and privacy', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.locator('footer');
  for (const email of [
    siteConfig.contactEmail,
    siteConfig.accessibilityEmail,
    siteConfig.privacyEmail,
  ]) {
    await expect(footer.getByRole('link', { name: email, exact: true })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );
  }
});
