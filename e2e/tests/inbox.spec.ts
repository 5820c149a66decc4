// The lead inbox (docs/operating.md, "The lead inbox") in Chromium against the stack: a lead sent
// on the public site shows in an open inbox within 10 s, is opened, noted and moved through its
// statuses; accessibility feedback shows its due time and turns overdue; spam is released and
// announced; a failed notification is delivered again; an admin exports and erases; a member sees
// no admin action; and what visitors typed stays inert text in every screen. Every screen is
// checked with axe and photographed at 360, 768 and 1440 px.
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { contactForm } from '../support/contact-form.ts';
import {
  checkConsoleScreen,
  enrolledOperator,
  consoleTest as test,
  expectHeading,
} from '../support/console.ts';
import { baseUrl, consoleUrl, sql } from '../support/stack.ts';

const ACCESSIBILITY = 'Subject: Accessibility Feedback\n\n';

// Room for a wait on nginx's flood guard (postLead) besides the journeys themselves.
test.describe.configure({ timeout: 120_000 });

/**
 * A lead through the public API, as the site's form sends it. nginx's flood guard counts every
 * POST of this browser suite against one address; a 429 is waited out as its Retry-After says.
 */
async function postLead(page: Page, fields: Record<string, unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const answer = await page.request.post(`${baseUrl}/api/contact`, {
      data: {
        name: 'Inbox Tester',
        email: 'inbox@bank.example',
        company: 'Northbridge Capital',
        role: 'Managing Director',
        ...fields,
      },
    });
    if (answer.status() !== 429 || attempt === 5) {
      expect(answer.status()).toBe(201);
      return;
    }
    const wait = Number(answer.headers()['retry-after'] ?? 6);
    await page.waitForTimeout(Math.min(Math.max(wait, 1), 30) * 1000);
  }
}

test('a lead sent on the site shows in the open inbox, is opened, noted and moved on', async ({
  page,
  browser,
}, testInfo) => {
  const operator = await enrolledOperator(page, 'member');
  await page.goto(`${consoleUrl}/console/`);
  await expectHeading(page, 'Inbox');
  await checkConsoleScreen(page, testInfo, 'inbox');

  // A visitor sends the discovery-call form in another browser.
  const name = `Visitor ${Date.now().toString(36)}`;
  const visitor = await browser.newPage();
  await visitor.goto(`${baseUrl}/`);
  const form = contactForm(visitor, '#contact');
  await form.fill({ name, email: 'visitor@bank.example', company: 'Harbour Bank', role: 'CFO' });
  await form.submit.click();
  await visitor.close();

  // Within 10 s, without a reload.
  const link = page.getByRole('link', { name: new RegExp(`Unread\\s+${name}`) });
  await expect(link).toBeVisible({ timeout: 10_000 });
  await link.click();
  await expectHeading(page, 'Lead');
  await expect(page.getByText('visitor@bank.example')).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'lead');

  await page.getByLabel('New note').fill('Called back; wants a demo on Tuesday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Called back; wants a demo on Tuesday.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(page.getByRole('status').getByText('The lead is now contacted.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark qualified' }).click();
  await expect(page.getByText('Its work is done.')).toBeVisible();
  await expect(page.getByText(`Contacted → Qualified, by ${operator.username}`)).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'lead done');

  // Back in the inbox, filtered by the URL (a shareable view), the lead is read and qualified.
  await page.goto(`${consoleUrl}/console/?status=qualified&q=${encodeURIComponent(name)}`);
  await expectHeading(page, 'Inbox');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('qualified');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.locator('.badge', { hasText: 'Unread' })).toHaveCount(0);
  await checkConsoleScreen(page, testInfo, 'inbox filtered');

  // The Received column sorts either way, and says so.
  await page.getByRole('button', { name: /^Received/ }).click();
  await expect(page.getByRole('columnheader', { name: /Received/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page).toHaveURL(/order=oldest/);

  // The overview: the chart's numbers are in a table too.
  await page.getByRole('link', { name: 'Overview' }).click();
  await expectHeading(page, 'Overview');
  await expect(page.getByRole('table', { name: /Leads per week/ })).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: /Contact request/ })
      .getByRole('cell')
      .first(),
  ).not.toHaveText('0');
  await checkConsoleScreen(page, testInfo, 'overview');

  // A member sees no admin action.
  await expect(page.getByRole('link', { name: 'Erasure' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'CSV' })).toHaveCount(0);
  await page.goto(`${consoleUrl}/console/admin/erasure`);
  await expectHeading(page, 'Only admins see this screen');
});

test('accessibility feedback shows its due time and turns overdue when the clock passes it', async ({
  page,
}, testInfo) => {
  await enrolledOperator(page, 'member');
  const name = `Reporter ${Date.now().toString(36)}`;
  await postLead(page, { name, message: `${ACCESSIBILITY}The focus ring is hard to see.` });
  await page.goto(`${consoleUrl}/console/?kind=accessibility&q=${encodeURIComponent(name)}`);
  await expectHeading(page, 'Inbox');
  await expect(page.getByText(/Acknowledge by/)).toBeVisible();
  await expect(page.getByText(/overdue/)).toHaveCount(0);

  // The clock passes the due time: the report was received 10 days ago.
  await sql(
    `UPDATE contact_submissions SET created_at = now() - interval '10 days' WHERE name = $1`,
    [name],
  );
  await page.goto(`${consoleUrl}/console/?due=overdue&q=${encodeURIComponent(name)}`);
  await expectHeading(page, 'Inbox');
  await expect(page.getByText(/Acknowledge by .* \(overdue\)/)).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'inbox overdue');
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Mark acknowledged' }).click();
  await expect(page.getByText(/Assess by .* \(overdue\)/)).toBeVisible();
});

test('spam is released and announced; a failed notification is delivered again', async ({
  page,
}, testInfo) => {
  await enrolledOperator(page, 'member');
  const name = `Flagged ${Date.now().toString(36)}`;
  await postLead(page, { name, contact_me_by_fax_only: true });
  await page.goto(`${consoleUrl}/console/?spam=true&q=${encodeURIComponent(name)}`);
  await expectHeading(page, 'Suspected spam');
  await page.getByRole('link', { name }).click();
  await expect(page.getByText('None: suspected spam is not announced.')).toBeVisible();
  await page.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByRole('cell', { name: 'Email to the team' })).toBeVisible();
  // The stack delivers it: the state reads "Sent" once the worker has.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('cell', { name: /^Sent / }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // A notification that ran out of attempts, delivered again from the notifications screen.
  await sql(
    `UPDATE notifications SET status = 'failed', last_error = 'connection refused', attempts = 5
      WHERE submission_id = (SELECT id FROM contact_submissions WHERE name = $1)`,
    [name],
  );
  await page.goto(`${consoleUrl}/console/deliveries?status=failed`);
  await expectHeading(page, 'Failed notifications');
  await checkConsoleScreen(page, testInfo, 'deliveries');
  const row = page.getByRole('row').filter({ hasText: 'connection refused' }).first();
  await row.getByRole('button', { name: 'Deliver again' }).click();
  await expect(page.getByText('The notification is on its way again.')).toBeVisible();
});

test('an admin exports the filter and erases an address', async ({ page }, testInfo) => {
  await enrolledOperator(page, 'admin');
  const name = `Exported ${Date.now().toString(36)}`;
  const email = `${name.replace(' ', '.').toLowerCase()}@erase.example`;
  await postLead(page, { name, email });
  await page.goto(`${consoleUrl}/console/?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(file, 'utf8');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
  expect(csv).toContain(email);

  await page.getByRole('link', { name: 'Erasure' }).click();
  await expectHeading(page, 'Erase a person’s data');
  await page.getByLabel('Their email address').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Show what will be erased' }).click();
  await expect(page.getByText(/1 submission and \d+ notifications? from/)).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'erasure');
  await page.getByLabel('Type the address again to confirm').fill('someone@else.example');
  await page.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Type the address again, exactly, to confirm the erasure.',
  );
  await page.getByLabel('Type the address again to confirm').fill(email);
  await page.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText(/^Erased 1 submission and/)).toBeVisible();
  await page.goto(`${consoleUrl}/console/?q=${encodeURIComponent(name)}`);
  await expect(page.getByText('No lead matches this filter.')).toBeVisible();
});

/**
 * Stored-XSS payloads, with the contract's HTML-looking text: four to a submission (one per
 * field), so the corpus stays under nginx's flood guard.
 */
const HOSTILE = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<svg onload="window.__pwned = 1"></svg>',
  'javascript:window.__pwned = 1',
  '"><iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
  '\'><a href="javascript:window.__pwned = 1">click</a>',
  '<style>*{display:none}</style>',
  '{{constructor.constructor("window.__pwned = 1")()}}',
  'evil\u202egnp.exe',
  'zero\u200bwidth\u2060joined',
  '<b>Bold</b> & <i>italic</i> &amp; &lt;tag&gt;',
  '<math><mi xlink:href="javascript:window.__pwned = 1">x</mi></math>',
];

test('what visitors typed stays inert text in every screen', async ({ page }, testInfo) => {
  await enrolledOperator(page, 'admin');
  const tag = `hostile${Date.now().toString(36)}`;
  for (let i = 0; i < HOSTILE.length; i += 4) {
    const [name, company, role, message] = HOSTILE.slice(i, i + 4) as [
      string,
      string,
      string,
      string,
    ];
    await postLead(page, {
      name: name.slice(0, 100),
      company: `${company} ${tag}`,
      role: role.slice(0, 100),
      message,
      email: `${tag}-${i}@bank.example`,
    });
  }
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations ??= [];
      (window as unknown as { __violations: string[] }).__violations.push(event.violatedDirective);
    });
  });
  const probe = async (where: string) => {
    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      violations: (window as unknown as { __violations?: string[] }).__violations ?? [],
      injected: document.querySelectorAll(
        'main script, main iframe, main img, main svg:not([aria-hidden]), main style',
      ).length,
    }));
    expect(state, where).toEqual({ pwned: null, violations: [], injected: 0 });
  };

  await page.goto(`${consoleUrl}/console/?q=${tag}`);
  await expectHeading(page, 'Inbox');
  await expect(page.getByRole('row')).toHaveCount(1 + HOSTILE.length / 4);
  // The bidirectional override and the zero-width characters are shown, not obeyed.
  await expect(page.getByText('U+202E').first()).toBeVisible();
  await probe('inbox');
  await checkConsoleScreen(page, testInfo, 'inbox hostile');
  const count = HOSTILE.length / 4;
  for (let i = 0; i < count; i++) {
    await page.goto(`${consoleUrl}/console/?q=${tag}`);
    await page.locator('table.inbox tbody tr').nth(i).getByRole('link').click();
    await expectHeading(page, 'Lead');
    await probe(`lead ${i}`);
    await expectNoAxeViolations(page, testInfo, `lead hostile ${i}`);
  }
  await page.goto(`${consoleUrl}/console/deliveries?status=pending`);
  await probe('deliveries');
  expect(violations).toEqual([]);
});
