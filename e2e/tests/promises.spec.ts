// The callback promise in Chromium against the stack (docs/operating.md, "Workflows and due
// times", "Owners", "Reminders and escalations"): a contact request received 21 hours ago is due
// soon in the inbox, its reminder reaches the team's inbox by mail and is in the lead's history;
// an operator takes it and finds it under "Mine"; leads selected in the inbox are assigned at
// once. Every new state is checked with axe and photographed.
import { expect } from '@playwright/test';
import {
  checkConsoleScreen,
  enrolledOperator,
  consoleTest as test,
  expectHeading,
} from '../support/console.ts';
import { mailWithSubject } from '../support/mail.ts';
import { consoleUrl, leadReceivedAgo } from '../support/stack.ts';

test.describe.configure({ timeout: 120_000 });

/** A contact request of Promise Bank's CFO received `hours` ago; its reminder time is past. */
const receivedAgo = (name: string, hours: number) =>
  leadReceivedAgo(hours, {
    name,
    email: 'promise@bank.example',
    company: 'Promise Bank',
    role: 'CFO',
    message: 'Please call me back.',
  });

test('a call back due soon is reminded to the team, taken, and found under Mine', async ({
  page,
}, testInfo) => {
  const operator = await enrolledOperator(page, 'member');
  const name = `Caller ${Date.now().toString(36)}`;
  await receivedAgo(name, 21);

  // The reminder reaches the team's inbox: the lead's name and company, and where to open it.
  const reminder = await mailWithSubject(`Reminder: call back ${name} (Promise Bank) by`);
  expect(reminder.text).toContain('/console/leads/');
  expect(reminder.text).not.toContain('promise@bank.example');
  expect(reminder.text).not.toContain('Please call me back.');

  await page.goto(`${consoleUrl}/console/?due=soon&q=${encodeURIComponent(name)}`);
  await expectHeading(page, 'Inbox');
  await expect(page.getByText(/Call back by .* \(due soon\)/)).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'inbox due soon');

  await page.getByRole('link', { name }).click();
  await expectHeading(page, 'Lead');
  await expect(page.getByText(/Reminder sent to the team/)).toBeVisible();
  await page.getByRole('button', { name: 'Take this lead' }).click();
  await expect(page.getByRole('button', { name: 'Hand back to the team' })).toBeVisible();
  await expect(page.getByText(`${operator.username} took the lead`)).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'lead taken');

  await page.goto(`${consoleUrl}/console/?owner=mine`);
  await expectHeading(page, 'Inbox');
  await expect(page.getByLabel('Owner')).toHaveValue('mine');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'inbox mine');
});

test('leads selected in the inbox are assigned at once, each on its own', async ({
  page,
}, testInfo) => {
  await enrolledOperator(page, 'member');
  const batch = `Batch ${Date.now().toString(36)}`;
  const names = [`${batch} one`, `${batch} two`];
  for (const name of names) await receivedAgo(name, 1);

  await page.goto(`${consoleUrl}/console/?q=${encodeURIComponent(batch)}`);
  await expectHeading(page, 'Inbox');
  for (const name of names) await page.getByLabel(`Select ${name}`).check();
  const toolbar = page.getByRole('region', { name: '2 selected' });
  await expect(toolbar).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'inbox selected');
  await toolbar.getByLabel('Assign to').selectOption({ label: 'Me' });
  await toolbar.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByRole('status').getByText('2 leads updated')).toBeVisible();

  await page.goto(`${consoleUrl}/console/?owner=mine&q=${encodeURIComponent(batch)}`);
  await expectHeading(page, 'Inbox');
  for (const name of names) await expect(page.getByRole('link', { name })).toBeVisible();
});
