// No personal data in any log (docs/security.md, "What is stored"): an admin searches the inbox
// for an address, looks it up in the audit trail and exports what matches; then every log the
// stack wrote (.stack/logs/: nginx, the services, the mail catcher, the provider) is read for that
// address. Before, the service logged whole URLs with their query strings, and nginx the
// referring page's. single-sign-on.spec.ts does the same for the sign-in callback's code.
import { expect } from '@playwright/test';
import {
  consoleTest as test,
  enrolledOperator,
  expectHeading,
  uniqueUsername,
} from '../support/console.ts';
import { filesHolding, logs } from '../support/logs.ts';
import { consoleUrl } from '../support/stack.ts';

test('what operators type stays out of every log', async ({ page }) => {
  const address = `${uniqueUsername('log-probe')}@bank.example`;
  const query = encodeURIComponent(address);
  await enrolledOperator(page, 'admin');

  await page.goto(`${consoleUrl}/console/?q=${query}`);
  await expectHeading(page, 'Inbox');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(address);
  await page.goto(`${consoleUrl}/console/admin/audit?email=${query}`);
  await expectHeading(page, 'Audit trail');
  const exported = await page.request.get(
    `${consoleUrl}/api/console/admin/leads/export?format=csv&q=${query}`,
  );
  expect(exported.status()).toBe(200);
  const requestId = exported.headers()['x-request-id'];
  expect(requestId).toBeTruthy();

  // The last request is in the logs (by its id) before anything is looked for.
  await expect.poll(() => logs().some(({ text }) => text.includes(requestId!))).toBe(true);
  expect(filesHolding([address])).toEqual([]);
});
