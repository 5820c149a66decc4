// Bookings through the scheduler in Chromium against the container stack (docs/bookings.md):
// a contact request sent two hours ago is booked through Calendly (a signed webhook through
// nginx, the booker typing the lead's address, as from the site's own button; the lead's id in
// the link, which anyone can type, matches nothing); the lead screen shows the meeting
// and the kept promise, the inbox row shows it beside the status, a cancellation re-opens the
// promise and a second booking through Cal.com keeps it again. The overview counts the calls
// booked. Every new state is checked with axe and photographed at 360, 768 and 1,440 px; at
// 1,440 px the inbox breaks no word of its own and lines its filters up.
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  checkConsoleScreen,
  consoleTest as test,
  enrolledOperator,
  expectHeading,
} from '../support/console.ts';
import { calendlyInvitee, toCalCom, toCalendly, type Booking } from '../support/scheduler.ts';
import { consoleUrl, leadReceivedAgo } from '../support/stack.ts';

test.describe.configure({ timeout: 120_000 });

const DAY = 24 * 3600_000;

const history = (page: Page) => page.getByRole('region', { name: 'History' }).getByRole('listitem');

/** The lead's status, promise and meeting as the lead screen shows them, for the run's log. */
async function report(page: Page, step: string) {
  const shown = (await page.locator('dl.fields').innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const status = shown[shown.indexOf('Status') + 1];
  const promise = shown.filter((line) => /^Call back by /.test(line));
  const meeting = shown.filter((line) => /^Call (booked|rescheduled|cancelled): /.test(line));
  console.log(`${step}: ${[status, ...promise, ...meeting].join(' · ')}`);
}

test('a booking keeps the promise, shows on the lead and in the inbox; a cancellation re-opens it', async ({
  page,
}, testInfo) => {
  await enrolledOperator(page, 'member');
  const stamp = Date.now().toString(36);
  const id = randomUUID();
  const name = `Booker ${stamp}`;
  const booking: Booking = {
    name,
    email: `booker.${stamp}@harbour-bank.example`,
    startsAt: new Date(Date.now() + 2 * DAY),
    lead: id,
  };
  await leadReceivedAgo(2, {
    id,
    name,
    email: booking.email,
    company: 'Harbour Bank',
    role: 'Head of DCM',
    message: 'Please call me about pitch books.',
  });

  await page.goto(`${consoleUrl}/console/leads/${id}`);
  await expectHeading(page, 'Lead');
  await report(page, 'sent through the form 2 hours ago');

  const invitee = calendlyInvitee();
  const booked = await toCalendly('invitee.created', invitee, booking);
  expect([booked.status, await booked.json()]).toEqual([200, { status: 'applied' }]);

  await page.goto(`${consoleUrl}/console/leads/${id}`);
  await expectHeading(page, 'Lead');
  const fields = page.locator('dl.fields');
  await expect(fields.getByText(/^Call booked: /)).toBeVisible();
  await expect(fields).toContainText('Contacted');
  await expect(fields).not.toContainText('Call back by');
  await expect(
    history(page).filter({ hasText: 'through Calendly, matched by the address the booker typed' }),
  ).toHaveCount(1);
  await expect(history(page).filter({ hasText: 'New → Contacted, by Calendly' })).toHaveCount(1);
  await report(page, 'booked through Calendly');
  await checkConsoleScreen(page, testInfo, 'lead booked');

  // The inbox row shows the meeting beside the status; at 1,440 px no word of the inbox's own
  // breaks, and the filters stand on one line.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${consoleUrl}/console/?q=${encodeURIComponent(name)}`);
  await expectHeading(page, 'Inbox');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(/^Call booked: /)).toBeVisible();
  const broken = await page.locator('.inbox td.words').evaluateAll((cells) =>
    cells.flatMap((cell) =>
      [...cell.querySelectorAll('*'), cell].flatMap((element) =>
        [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .flatMap((node) => {
            // Each word on one line: a word split across lines has a rect per line.
            const text = node.textContent ?? '';
            return [...text.matchAll(/\S+/g)].flatMap((word) => {
              const range = document.createRange();
              range.setStart(node, word.index);
              range.setEnd(node, word.index + word[0].length);
              return range.getClientRects().length > 1 ? [word[0]] : [];
            });
          }),
      ),
    ),
  );
  expect(broken).toEqual([]);
  // The six fields of the filter bar on one line, none over another.
  const boxes = await page
    .getByRole('search', { name: 'Filter the inbox' })
    .locator('select, input[type=date]')
    .evaluateAll((controls) =>
      controls.map((control) => {
        const { top, left, right } = control.getBoundingClientRect();
        return { top: Math.round(top), left, right };
      }),
    );
  expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
  const byLeft = boxes.sort((a, b) => a.left - b.left);
  expect(byLeft.filter((box, i) => i > 0 && box.left < byLeft[i - 1]!.right)).toEqual([]);
  await checkConsoleScreen(page, testInfo, 'inbox booked');

  // The prospect cancels and books nothing else: the call back is owed again, from now.
  const cancelled = await toCalendly('invitee.canceled', invitee, booking);
  expect(cancelled.status).toBe(200);
  await page.goto(`${consoleUrl}/console/leads/${id}`);
  await expectHeading(page, 'Lead');
  await expect(fields.getByText(/^Call cancelled: /)).toBeVisible();
  await expect(fields.getByText(/^Call back by /)).toBeVisible();
  await expect(history(page).filter({ hasText: 'Contacted → New, by Calendly' })).toHaveCount(1);
  await report(page, 'cancelled');
  await checkConsoleScreen(page, testInfo, 'lead booking cancelled');

  // A new time through Cal.com keeps it again.
  const again = await toCalCom(randomUUID().slice(0, 22), {
    ...booking,
    startsAt: new Date(Date.now() + 3 * DAY),
  });
  expect(again.status).toBe(200);
  await page.reload();
  await expectHeading(page, 'Lead');
  await expect(fields.getByText(/^Call booked: /)).toBeVisible();
  await expect(fields).toContainText('(Cal.com)');
  await expect(fields).not.toContainText('Call back by');
  await report(page, 'booked again through Cal.com');
  console.log(`The lead's history:\n  ${(await history(page).allInnerTexts()).join('\n  ')}`);

  await page.goto(`${consoleUrl}/console/overview`);
  const calls = page.getByRole('table', { name: /Calls booked through the scheduler/ });
  await expect(calls).toBeVisible();
  const rows = await calls.getByRole('row').allInnerTexts();
  console.log(
    `The overview's calls booked:\n  ${rows.map((row) => row.replaceAll('\t', ' | ')).join('\n  ')}`,
  );
  await checkConsoleScreen(page, testInfo, 'overview calls booked');
});

test('a delivery with a wrong signature is refused through nginx and changes nothing', async () => {
  const booking: Booking = {
    name: 'Forger',
    email: `forger.${Date.now().toString(36)}@example.com`,
    startsAt: new Date(Date.now() + DAY),
  };
  const saved = process.env.E2E_CALENDLY_WEBHOOK_SIGNING_KEY;
  process.env.E2E_CALENDLY_WEBHOOK_SIGNING_KEY = 'not-the-stack-key-0000000000';
  try {
    const answer = await toCalendly('invitee.created', calendlyInvitee(), booking);
    expect(answer.status).toBe(401);
    expect((await answer.json()) as { message: string }).toMatchObject({
      status: 401,
      message: expect.stringContaining('signature'),
    });
  } finally {
    process.env.E2E_CALENDLY_WEBHOOK_SIGNING_KEY = saved;
  }
});
