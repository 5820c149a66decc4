import { contactForm } from '../support/contact-form.ts';
import { routes, type SiteRoute } from '../support/site.ts';
import { expect, test } from '../support/fixtures.ts';

const home = routes.find((route) => route.path === '/')!;
const about = routes.find((route) => route.path === '/about')!;

// Fragments that are not valid percent-encoding (or decode to a control character): whatever the
// address bar holds, the prerendered page must stay on screen and come to life.
const cases: [url: string, route: SiteRoute][] = [
  ['/#%', home],
  ['/about#%E0%A4%A', about],
  ['/#%00', home],
];

for (const [url, route] of cases) {
  test(`${url} keeps the page readable and raises no page error`, async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
    await page.goto(url, { waitUntil: 'networkidle' });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    const main = page.locator('main');
    for (const text of route.content) await expect(main).toContainText(text);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // No part of the page was replaced by the error notice.
    await expect(page.getByRole('alert')).toHaveCount(0);
    if (route === home) {
      // The form is enabled by its own code: the page was hydrated, not just left as HTML.
      await expect(contactForm(page, '#contact').name).toBeEnabled();
    }
    expect(pageErrors).toEqual([]);
  });
}
