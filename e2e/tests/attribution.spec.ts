// What brought a lead, kept without cookies or browser storage (frontend/README.md,
// "Attribution"; contract/attribution.json): a visitor follows a campaign link from another site,
// browses the site through its own links, comes back and sends the form. The request and the
// stored lead name the campaign's allow-listed parameters, the landing path and the other site's
// host, and nothing else; the browser ends the visit with no cookie, nothing in its storage and
// no response that tried to set a cookie.
import attribution from '@proposal-site/contract/attribution.json' with { type: 'json' };
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Response } from '@playwright/test';
import { contactForm, openToasts, type ContactValues } from '../support/contact-form.ts';
import { siteConfig, spec } from '../support/site.ts';
import { baseUrl, consoleUrl, leads, submissionsFor, uniqueEmail } from '../support/stack.ts';
import {
  checkConsoleScreen,
  consoleTest,
  enrolledOperator,
  expectHeading,
} from '../support/console.ts';
import { expect, test } from '../support/fixtures.ts';
import { toCalCom } from '../support/scheduler.ts';

/**
 * The campaign link as an ad or a post would write it (the contract's example, which the service's
 * tests send too), with a parameter the site never reads.
 */
const CAMPAIGN = attribution.example.parameters;
const campaignUrl = `${baseUrl}/?${new URLSearchParams({ ...CAMPAIGN, evil: '1' })}`;

/**
 * The other site: a page on a loopback port of its own (another origin than the stack's), with
 * one link to the campaign URL. It sends the browser's default referrer policy explicitly, so
 * the site sees its origin as the referrer.
 */
let otherSite: Server;
let otherOrigin = '';

test.beforeAll(async () => {
  otherSite = createServer((_, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    response.end(
      `<!doctype html><html lang="en"><title>A post about proposals</title>` +
        `<a href="${campaignUrl.replaceAll('&', '&amp;')}">Read how banks write proposals</a></html>`,
    );
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => otherSite.close(() => resolve()));
});

/** The fixtures keep traffic on the stack; the other site is let through to its own server. */
async function allowOtherSite(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.origin === otherOrigin,
    (route) => route.continue(),
  );
}

/** Every header that tried to set a cookie, from any response the browser got from now on. */
function recordSetCookies(page: Page): () => Promise<string[]> {
  const seen: Promise<string | null>[] = [];
  page.on('response', (response: Response) => {
    seen.push(
      response
        .headerValue('set-cookie')
        .then((value) => (value === null ? null : `${response.url()}: ${value}`)),
    );
  });
  return async () => (await Promise.all(seen)).filter((value) => value !== null);
}

/** The query of the page's address, as an object (a repeated name would show as its last). */
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/**
 * Fills the landing page's form as a visitor with a fresh address (`label`'s), sends it, and
 * answers the values sent, the request's body and the lead's id.
 */
async function send(page: Page, label: string, visitor: Omit<ContactValues, 'email'>) {
  const values: ContactValues = { ...visitor, email: uniqueEmail(label) };
  const form = contactForm(page, '#contact');
  await form.fill(values);
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/contact',
    ),
    form.submit.click(),
  ]);
  expect(response.status()).toBe(201);
  await expect(openToasts(page)).toContainText(spec.successToast, { timeout: 15_000 });
  const body = response.request().postDataJSON() as { attribution?: Record<string, string> };
  const { id } = (await response.json()) as { id: string };
  return { values, body, id };
}

test('a campaign visit keeps its source across the site’s pages and stores it with the lead, with no cookie or storage', async ({
  page,
  context,
}) => {
  await allowOtherSite(context);
  const setCookies = recordSetCookies(page);
  const otherHost = new URL(otherOrigin).host;
  // The site's own parameters that carry the landing path and the other site's host.
  const carried = { landing: '/', ref: otherHost };

  // From the other site to the campaign's landing page.
  await page.goto(otherOrigin);
  await Promise.all([
    page.waitForURL((url) => url.origin === new URL(baseUrl).origin),
    page.getByRole('link', { name: 'Read how banks write proposals' }).click(),
  ]);
  expect(page.url()).toBe(campaignUrl);

  // Once the page's code has run (after the first paint), its own links carry the visit: the
  // allow-listed parameters, the landing path and the other site's host, and not `evil`.
  const about = page
    .getByRole('navigation', { name: 'Company' })
    .getByRole('link', { name: 'About Us' });
  await expect(about).toHaveAttribute('href', /[?&]utm_source=linkedin\b/);
  const aboutHref = new URL((await about.getAttribute('href'))!, baseUrl);
  expect(aboutHref.pathname).toBe('/about');
  expect(Object.fromEntries(aboutHref.searchParams)).toEqual({ ...CAMPAIGN, ...carried });
  // Links to other sites, mailto: links and the canonical address are left as they are.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Contact/ }),
  ).toHaveAttribute('href', siteConfig.schedulerUrl);
  await expect(page.locator(`a[href="mailto:${siteConfig.contactEmail}"]`).first()).toBeAttached();
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).not.toContain('?');

  // To /about through the footer's link, and back to / through the navigation's.
  await Promise.all([page.waitForURL(/\/about\?/), about.click()]);
  expect(queryOf(page)).toEqual({ ...CAMPAIGN, ...carried });
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).not.toContain('?');
  const home = page.getByRole('navigation', { name: 'Main' }).locator('a.brand');
  await expect(home).toHaveAttribute('href', /[?&]landing=%2F\b/);
  await Promise.all([page.waitForURL((url) => url.pathname === '/' && !!url.search), home.click()]);
  expect(queryOf(page)).toEqual({ ...CAMPAIGN, ...carried });

  const { values, body, id } = await send(page, 'attribution', {
    name: 'Campaign Visitor',
    company: 'Linked Capital',
    role: 'Analyst',
  });
  // The first page of the visit and the other site, though the form was sent from a later page
  // whose referrer was the site itself.
  expect(body.attribution).toEqual({
    ...CAMPAIGN,
    landing_path: '/',
    referrer_host: otherHost,
  });

  // The stored lead, as an operator reads it, exported and erased.
  const shown = await leads(['show', id]);
  expect(shown).toContain(values.email);
  for (const line of [
    /source:\s+linkedin \/ paid \/ q1\n/,
    /utm source:\s+linkedin\n/,
    /utm medium:\s+paid\n/,
    /utm campaign:\s+q1\n/,
    /utm term:\s+t\n/,
    /utm content:\s+c\n/,
    /gclid:\s+abc\n/,
    /landing path:\s+\/\n/,
    new RegExp(`referrer host:\\s+${otherHost.replaceAll('.', '\\.')}\\n`),
  ]) {
    expect(shown).toMatch(line);
  }
  expect(shown).not.toContain('evil');
  const exported = await leads(['export', '--format', 'csv']);
  const [header, ...rows] = exported.split(/\r?\n/);
  expect(header).toContain(
    '"utm_source","utm_medium","utm_campaign","utm_term","utm_content","gclid"',
  );
  expect(rows.find((row) => row.includes(values.email))).toContain(
    '"linkedin","paid","q1","t","c","abc"',
  );
  await leads(['erase', '--email', values.email, '--yes']);
  expect(await submissionsFor(values.email)).toEqual([]);

  // Nothing kept in the browser: no cookie (HttpOnly ones included), no storage, no window name,
  // and no response that tried to set a cookie.
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect(await context.cookies()).toEqual([]);
  expect(
    await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      name: window.name,
    })),
  ).toEqual({ local: 0, session: 0, databases: 0, name: '' });
  expect(await setCookies()).toEqual([]);
});

test('a campaign value longer than its bound is stored cut to 200 characters', async ({ page }) => {
  const campaign = 'c'.repeat(300);
  await page.goto(`/?${new URLSearchParams({ utm_source: 'newsletter', utm_campaign: campaign })}`);
  const { values, body, id } = await send(page, 'attribution-long', {
    name: 'Long Campaign',
    company: 'Bounded Bank',
    role: 'Analyst',
  });
  // No referrer (typed in the address bar): no referrer host.
  expect(body.attribution).toEqual({
    utm_source: 'newsletter',
    utm_campaign: campaign.slice(0, 200),
    landing_path: '/',
  });

  const shown = await leads(['show', id]);
  expect(shown).toContain(values.email);
  expect(shown).toMatch(new RegExp(`utm campaign:\\s+${'c'.repeat(200)}\\n`));
});

// Needs the scheduler's webhook secret the container stack's .env holds (E2E_CALCOM_WEBHOOK_SECRET,
// from e2e/scripts/run-e2e-containers.sh): without it the service offers no booking link.
consoleTest(
  'the success message books the call at once, prefilled, and the booking finds its lead by the link',
  async ({ page, context }, testInfo) => {
    consoleTest.skip(
      !process.env.E2E_CALCOM_WEBHOOK_SECRET,
      'the stack under test has no Cal.com webhook secret, so it offers no booking link',
    );
    // The scheduler's page, played here: the browser opens it, nothing leaves the machine.
    const scheduler = new URL(siteConfig.schedulerUrl);
    await context.route(
      (url) => url.origin === scheduler.origin,
      (route) => route.fulfill({ contentType: 'text/html', body: '<title>Scheduler</title>' }),
    );
    // The console's test keeps traffic on the console; the site is the stack's too.
    await context.route(
      (url) => url.origin === new URL(baseUrl).origin,
      (route) => route.continue(),
    );
    await page.goto(`${baseUrl}/`);
    const { values, id } = await send(page, 'book-now', {
      name: 'Quick Booker',
      company: 'Speedy Bank',
      role: 'CFO',
    });
    const link = openToasts(page).getByRole('link', { name: /Book your call now/ });
    await expect(link).toBeVisible();
    // It stays while the visitor reads it (it holds a link): past the 5 s of other toasts.
    await page.waitForTimeout(6_000);
    await expect(link).toBeVisible();
    // Reached from the keyboard, and opened in a new tab at the scheduler, prefilled.
    await link.focus();
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      page.keyboard.press('Enter'),
    ]);
    await opened.waitForLoadState();
    const href = new URL(opened.url());
    expect(`${href.origin}${href.pathname}`).toBe(`${scheduler.origin}${scheduler.pathname}`);
    expect(href.searchParams.get('name')).toBe(values.name);
    expect(href.searchParams.get('email')).toBe(values.email);
    const token = href.searchParams.get('metadata[lead]');
    expect(token).toMatch(/^[A-Za-z0-9_-]{59}$/); // 44 bytes in base64url
    expect(href.toString()).not.toContain(id);
    await opened.close();

    // Booked there by someone who typed another address: the link's token finds the lead.
    const booked = await toCalCom(randomUUID(), {
      name: values.name,
      email: `typed.elsewhere.${Date.now().toString(36)}@other-bank.example`,
      startsAt: new Date(Date.now() + 2 * 24 * 3600_000),
      lead: token!,
    });
    expect([booked.status, await booked.json()]).toEqual([200, { status: 'applied' }]);
    await enrolledOperator(page, 'member');
    await page.goto(`${consoleUrl}/console/leads/${id}`);
    await expectHeading(page, 'Lead');
    const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(history.filter({ hasText: 'from the booking link the service sent' })).toHaveCount(
      1,
    );

    // The sources report counts it: a direct visit, booked within the promise.
    await page.goto(`${consoleUrl}/console/sources`);
    await expectHeading(page, 'Sources');
    const direct = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '(direct)' }) });
    await expect(direct).toBeVisible();
    await checkConsoleScreen(page, testInfo, 'sources');
  },
);
