import { test as base, expect, type BrowserContext } from '@playwright/test';
import { siteConfig } from './site.ts';
import { baseUrl } from './stack.ts';

/**
 * Nothing leaves the machine: the stack answers for its own origin; the external meeting
 * scheduler is answered by a one-line stand-in page (so a new tab can be seen to open on its
 * address); any other outside request is refused.
 */
export async function keepTrafficLocal(context: BrowserContext): Promise<void> {
  const stackOrigin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== stackOrigin,
    (route) => {
      const url = route.request().url();
      if (url === siteConfig.schedulerUrl) {
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Scheduler stand-in</title><h1>Scheduler stand-in</h1>',
        });
      }
      return route.abort('blockedbyclient');
    },
  );
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await keepTrafficLocal(context);
    await use(context);
  },
});

export { expect };
