import { allPages, siteConfig } from '../support/site.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ javaScriptEnabled: false });

for (const route of allPages) {
  test(`without JavaScript, ${route.path} still shows its content and navigation`, async ({
    page,
  }) => {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    const main = page.locator('main');
    for (const text of route.content) await expect(main).toContainText(text);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Problem', exact: true })).toHaveAttribute(
      'href',
      '/#problem',
    );
    await expect(page.locator('footer')).toContainText(siteConfig.contactEmail);
  });
}

test('without JavaScript, the landing page still shows the contact form and the footer links work', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.locator('#contact form');
  await expect(form.getByLabel('Full name')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Request a Discovery Call' })).toBeVisible();
  // It cannot be sent without JavaScript, and says so (in a <noscript>, which Chromium's
  // script-disabled emulation does not render, hence the check on the served HTML).
  await expect(form.getByRole('button', { name: 'Request a Discovery Call' })).toBeDisabled();
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(
    new RegExp(
      `<noscript><p class="form-noscript">Sending this form needs JavaScript\\..*mailto:${siteConfig.contactEmail}`,
    ),
  );
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Privacy Policy' })
    .click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
});
