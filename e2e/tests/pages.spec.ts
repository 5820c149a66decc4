import { allPages, notFoundRoute, routes, siteConfig, spec } from '../support/site.ts';
import { expect, test } from '../support/fixtures.ts';

for (const route of routes) {
  test(`${route.path} answers 200 and shows its spec content`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    const main = page.locator('main');
    for (const text of route.content) await expect(main).toContainText(text);
  });
}

test('an unknown path shows the 404 text with HTTP status 404', async ({ page }) => {
  const response = await page.goto(notFoundRoute.path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(spec.notFoundTitle);
  await expect(page.locator('main')).toContainText(spec.notFoundText);
  await expect(page).toHaveTitle(new RegExp(`^${spec.notFoundTitle}`));
});

test('/demo returns home', async ({ page }) => {
  await page.goto('/demo');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes[0]!.h1);
});

test("/about's back button returns home", async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes[0]!.h1);
});

test('the accessibility page carries the feedback form with its own placeholder', async ({
  page,
}) => {
  await page.goto('/accessibility');
  const feedback = page.locator('#accessibility-feedback');
  await expect(feedback.getByRole('button', { name: 'Send Feedback' })).toBeVisible();
  await expect(feedback.getByLabel('Message')).toHaveAttribute('placeholder', /\S/);
  const homePlaceholder = await (async () => {
    await page.goto('/');
    return page.locator('#contact').getByLabel('Message').getAttribute('placeholder');
  })();
  await page.goto('/accessibility');
  await expect(page.locator('#accessibility-feedback').getByLabel('Message')).not.toHaveAttribute(
    'placeholder',
    homePlaceholder ?? '',
  );
});

for (const route of allPages) {
  test(`${route.path} loads without console errors or failed requests`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      // The 404 page's own status is the one error the browser must report there.
      const ownStatus =
        route === notFoundRoute &&
        new URL(message.location().url).pathname === notFoundRoute.path &&
        message.text().includes('status of 404');
      if (!ownStatus && (message.type() === 'error' || message.type() === 'warning')) {
        problems.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) =>
      problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
    );
    await page.goto(route.path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    expect(problems).toEqual([]);
  });
}

test('every page names the brand in its title', async ({ page }) => {
  for (const route of allPages) {
    await page.goto(route.path);
    await expect(page).toHaveTitle(new RegExp(siteConfig.brandName));
  }
});

// The suite's stack is built with real VITE_* values (a build with example values says noindex
// everywhere, and Lighthouse's SEO budget would fail on it), so that is what the pages must say.
test('every page is open to search engines and names its canonical URL on VITE_SITE_URL', async ({
  page,
  request,
}) => {
  for (const route of routes) {
    await page.goto(route.path);
    await expect(
      page.locator('meta[name="robots"]'),
      `${route.path}: was the site built with example VITE_* values?`,
    ).toHaveAttribute('content', 'index, follow');
    const canonical =
      route.path === '/' ? `${siteConfig.siteUrl}/` : siteConfig.siteUrl + route.path;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  }
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toBe(
    `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.siteUrl}/sitemap.xml\n`,
  );
  expect((await request.get('/example-config.txt')).status()).toBe(404);
});
