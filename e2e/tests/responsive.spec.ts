import { allPages } from '../support/site.ts';
import { artifactsDir } from '../support/stack.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const route of allPages) {
    test(`${route.path} has no horizontal scrolling`, async ({ page }) => {
      await page.goto(route.path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
      const widths = await page.evaluate(() => ({
        viewport: document.documentElement.clientWidth,
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths.document, JSON.stringify(widths)).toBeLessThanOrEqual(widths.viewport);
      expect(widths.body, JSON.stringify(widths)).toBeLessThanOrEqual(widths.viewport);
      // And nothing can be scrolled sideways by the visitor either.
      const scrolled = await page.evaluate(() => {
        window.scrollTo({ left: 200, behavior: 'instant' });
        return window.scrollX;
      });
      expect(scrolled).toBe(0);
    });
  }
});

for (const width of [360, 768, 1440]) {
  test.describe(`screenshots at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const route of allPages) {
      test(`${route.path} at ${width} px`, async ({ page }, testInfo) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(route.path, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
        const path = `${artifactsDir}/screenshots/${route.slug}-${width}.png`;
        await page.screenshot({ path, fullPage: true });
        await testInfo.attach(`${route.slug}-${width}`, { path, contentType: 'image/png' });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
      });
    }
  });
}
