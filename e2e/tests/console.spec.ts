// The operators' console (docs/operating.md, "The operators' console") in Chromium against the
// stack's console server: enrolment from the CLI's link, sign-in with a second factor (a code or
// a passkey), the account page, throttling, idle expiry, roles, cross-site requests, and no
// console on the public port. Every screen and state is checked with axe.
import { expect } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  checkConsoleScreen,
  codeFor,
  enrol,
  enrolledOperator,
  consoleTest as test,
  expectHeading,
  keepConsoleTrafficLocal,
  signIn,
  uniqueUsername,
} from '../support/console.ts';
import { baseUrl, consoleUrl, leads, sql } from '../support/stack.ts';

const SIGN_IN_FAILED = 'Wrong username, password or code.';

test('an account added with the CLI enrols through its link, signs in with a code, and sees its sessions', async ({
  page,
}, testInfo) => {
  const operator = await enrolledOperator(page, 'admin');
  await expectNoAxeViolations(page, testInfo, 'recovery codes');
  await page.getByRole('link', { name: 'Continue to your account' }).click();
  await expectHeading(page, 'Your account');
  await expect(page.getByText(`Signed in as ${operator.username}`)).toBeVisible();
  await expect(page.getByRole('cell', { name: /this browser/ })).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'account');
  await expect(page).toHaveTitle('Your account · Console');

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expectHeading(page, 'Sign in');
  await checkConsoleScreen(page, testInfo, 'sign-in');

  // Keyboard only: type, Tab, Enter; the code step opens with focus on its heading.
  await page.getByLabel('Username').focus();
  await page.keyboard.type(operator.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(operator.password);
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Enter your code');
  await expectNoAxeViolations(page, testInfo, 'code');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Code')).toBeFocused();
  await expect(page.getByLabel('Code')).toHaveAttribute('autocomplete', 'one-time-code');
  await page.keyboard.type(codeFor(operator.totp, 1));
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Inbox');

  // The admin's screens: the accounts, and the audit trail with this very sign-in in it.
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expectHeading(page, 'Accounts');
  await expect(
    page.getByRole('row', { name: new RegExp(`^${operator.username} admin active`) }),
  ).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'accounts');
  await page.getByRole('link', { name: 'Audit trail' }).click();
  await expectHeading(page, 'Audit trail');
  await expect(
    page.getByRole('row', { name: new RegExp(`${operator.username} sign-in 0 `) }).first(),
  ).toBeVisible();
  await checkConsoleScreen(page, testInfo, 'audit trail');

  const audit = await leads(['audit', '--json', '--limit', '200']);
  const mine = (JSON.parse(audit) as { command: string; actor: string }[]).filter(
    (record) => record.actor === operator.username,
  );
  expect(mine.map((record) => record.command)).toEqual(
    expect.arrayContaining(['enrolment', 'sign-in', 'sign-out']),
  );
});

test('a passkey added on the account page signs in instead of a code', async ({
  page,
}, testInfo) => {
  // Chromium's virtual authenticator (CDP WebAuthn domain) plays a platform passkey.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const operator = await enrolledOperator(page, 'member');
  await page.getByRole('link', { name: 'Continue to your account' }).click();
  await expectHeading(page, 'Your account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible();
  await passkeys.getByLabel('Name for this passkey').fill('Virtual key');
  await passkeys.getByLabel('Password').fill(operator.password);
  await passkeys.getByLabel('Code from your app').fill(codeFor(operator.totp, 1));
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('status')).toHaveText('The passkey Virtual key is added.');
  await expect(passkeys.getByRole('cell', { name: 'Virtual key', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, testInfo, 'passkey added');

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expectHeading(page, 'Sign in');
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expectHeading(page, 'Inbox');
  await page.getByRole('link', { name: 'Your account' }).click();
  await expectHeading(page, 'Your account');
  await expect(
    page.getByRole('region', { name: 'Passkeys' }).getByRole('cell', { name: 'Never' }),
  ).toHaveCount(0);
  const audit = JSON.parse(await leads(['audit', '--json', '--limit', '50'])) as {
    command: string;
    actor: string;
    details: { factor?: string };
  }[];
  const signIn = audit.find(
    (record) => record.actor === operator.username && record.command === 'sign-in',
  );
  expect(signIn?.details.factor).toBe('passkey');
});

test('a recovery code signs in once; the same code a second time is refused', async ({ page }) => {
  const operator = await enrolledOperator(page, 'member');
  const [recoveryCode] = operator.recoveryCodes as [string];
  await page.context().clearCookies();
  await signIn(page, operator, recoveryCode);
  await expectHeading(page, 'Inbox');
  await page.context().clearCookies();
  await signIn(page, operator, recoveryCode);
  await expect(page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);
});

test.describe('failed sign-ins', () => {
  // The client address is throttled as well as the account, and every test signs in from this
  // machine: the count starts from zero and is cleared after, as a day without failures would.
  test.beforeEach(() => sql(`DELETE FROM sign_in_failures`));
  test.afterEach(() => sql(`DELETE FROM sign_in_failures`));

  test('one sentence for every failure, then growing waits that the screen announces', async ({
    page,
  }, testInfo) => {
    const operator = await enrolledOperator(page, 'member');
    await page.context().clearCookies();
    // Three failures of three kinds, one answer: no such account, a wrong password, a wrong code.
    await signIn(page, { ...operator, username: uniqueUsername('nobody') });
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, testInfo, 'sign-in failed');
    await signIn(page, { ...operator, password: `${operator.password}!` });
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);
    await signIn(page, operator, '000000');
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);

    // Three more wrong passwords, as a script would send them: each must wait its turn, and
    // each wait is longer than the one before.
    const waits: number[] = [];
    for (let failures = 3; failures < 6;) {
      const answer = await page.request.post(`${consoleUrl}/api/console/sign-in`, {
        data: { username: operator.username, password: 'not the password', code: '123456' },
      });
      if (answer.status() === 429) {
        const seconds = Number(answer.headers()['retry-after']);
        waits.push(seconds);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        continue;
      }
      expect(answer.status()).toBe(401);
      failures += 1;
    }
    testInfo.annotations.push({ type: 'waits (s)', description: waits.join(', ') });
    console.log(
      `Throttled sign-in: after 3 failures, waits of ${waits.join(', ')} s (Retry-After)`,
    );
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits.at(-1)).toBeGreaterThan(waits[0]!);

    // Now even the right password and code wait; the screen says for how long.
    await signIn(page, operator);
    await expect(page.getByRole('alert')).toHaveText(
      /^Too many failed sign-ins\. Try again in \d+ seconds\.$/,
    );
    await expectNoAxeViolations(page, testInfo, 'sign-in throttled');
    const audit = JSON.parse(await leads(['audit', '--json', '--limit', '100'])) as {
      command: string;
      actor: string;
      details: { reason?: string };
    }[];
    const reasons = audit
      .filter((record) => record.actor === operator.username && record.command !== 'enrolment')
      .map((record) => record.details.reason);
    expect(reasons).toEqual(expect.arrayContaining(['wrong password', 'throttled']));
  });
});

test('a session idle for longer than the limit ends: the next screen asks to sign in', async ({
  page,
}) => {
  const operator = await enrolledOperator(page, 'member');
  await page.goto(`${consoleUrl}/console/account`);
  await expectHeading(page, 'Your account');
  await sql(
    `UPDATE console_sessions SET last_seen_at = now() - interval '31 minutes'
      WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
    [operator.username],
  );
  await page.reload();
  await expectHeading(page, 'Sign in');
});

test('a member is refused what only admins may do', async ({ page }, testInfo) => {
  await enrolledOperator(page, 'member');
  await page.getByRole('link', { name: 'Continue to your account' }).click();
  await expectHeading(page, 'Your account');
  await expect(page.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await page.goto(`${consoleUrl}/console/admin/audit`);
  await expectHeading(page, 'Only admins see this screen');
  await expectNoAxeViolations(page, testInfo, 'admins only');
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/console/admin/users', { credentials: 'include' });
    return { status: response.status, body: (await response.json()) as { message: string } };
  });
  expect(answer.status).toBe(403);
  expect(answer.body.message).toBe('Only an admin can do this.');
});

test('a request from another site is refused, and the session goes on', async ({ browser }) => {
  // Another site's page (served here by the test): it posts a form to the console, as a
  // cross-site request forgery would.
  const attacker = 'http://attacker.example';
  const context = await browser.newContext();
  const consoleOrigin = new URL(consoleUrl).origin;
  await context.route(
    (url) => url.origin !== consoleOrigin,
    (route) =>
      route.request().url().startsWith(attacker)
        ? route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><title>Other site</title>
              <form method="post" action="${consoleUrl}/api/console/sign-out-everywhere"></form>`,
          })
        : route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  await enrolledOperator(page, 'admin');
  const other = await context.newPage();
  await other.goto(`${attacker}/`);
  const [answer] = await Promise.all([
    other.waitForResponse(`${consoleUrl}/api/console/sign-out-everywhere`),
    other.evaluate(() => document.forms[0]!.submit()),
  ]);
  expect(answer.status()).toBe(403);
  // Even with the session's cookie, a request whose headers say it is cross-site is refused.
  const cookies = await context.cookies(consoleUrl);
  const refused = await context.request.post(`${consoleUrl}/api/console/sign-out-everywhere`, {
    headers: {
      Origin: attacker,
      'Sec-Fetch-Site': 'cross-site',
      Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
    },
  });
  expect(refused.status()).toBe(403);
  await page.goto(`${consoleUrl}/console/account`);
  await expectHeading(page, 'Your account');
  await context.close();
});

test("the public port has no console: every console address is the site's 404 page", async ({
  request,
}) => {
  for (const path of ['/console', '/console/', '/console/sign-in', '/api/console/me']) {
    const response = await request.get(`${baseUrl}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type'], path).toContain('text/html');
  }
  const post = await request.post(`${baseUrl}/api/console/sign-in`, {
    data: { username: 'x', password: 'y', code: '1' },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
});

test('an admin adds, resets, disables and re-enables an account, and filters the audit trail', async ({
  page,
  browser,
}, testInfo) => {
  const admin = await enrolledOperator(page, 'admin');
  await page.goto(`${consoleUrl}/console/admin/accounts`);
  await expectHeading(page, 'Accounts');
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });
  // One's own account has no actions: nobody locks themselves out from within the console.
  const own = page.getByRole('row', { name: new RegExp(`^${admin.username} admin active`) });
  await expect(own.getByText('Your account')).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);

  // Add a member: the link is shown once, where focus goes, with where to send it.
  const username = uniqueUsername('added');
  const add = page.getByRole('region', { name: 'Add an account' });
  await add.getByLabel('Username').fill(username);
  await add.getByLabel('Role').selectOption('member');
  await add.getByRole('button', { name: 'Add the account' }).click();
  await expect(status(`${username} is added as member.`)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: `Enrolment link for ${username}` }),
  ).toBeFocused();
  const linkBox = page.getByRole('textbox', { name: `Enrolment link for ${username}` });
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/console\/enrol#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('This link is shown once')).toBeVisible();
  await expectNoAxeViolations(page, testInfo, 'accounts with a link');
  await page.getByRole('button', { name: 'I have sent it: hide the link' }).click();
  await expect(linkBox).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Add an account' })).toBeFocused();

  // Its owner enrols with the link, in a browser of their own.
  const owners = await browser.newContext();
  await keepConsoleTrafficLocal(owners);
  const ownerPage = await owners.newPage();
  const { pathname, hash } = new URL(link);
  await enrol(ownerPage, username, `${consoleUrl}${pathname}${hash}`);

  // Reset asks first, in the row; the new link ends the owner's session.
  const row = page.getByRole('row', { name: new RegExp(`^${username} member`) });
  await row.getByRole('button', { name: `Reset ${username}` }).click();
  const confirmReset = row.getByRole('button', { name: `Confirm reset of ${username}` });
  await expect(confirmReset).toBeFocused();
  await confirmReset.click();
  await expect(status(`${username} is reset and signed out`)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: `New enrolment link for ${username}` }),
  ).toBeFocused();
  expect(await linkBox.inputValue()).not.toBe(link);
  await expectNoAxeViolations(page, testInfo, 'accounts with a new link after a reset');
  await ownerPage.goto(`${consoleUrl}/console/account`);
  await expectHeading(ownerPage, 'Sign in');
  await owners.close();

  // Disable asks first too; cancelling changes nothing and gives the focus back.
  await row.getByRole('button', { name: `Disable ${username}` }).click();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('button', { name: `Disable ${username}` })).toBeFocused();
  await row.getByRole('button', { name: `Disable ${username}` }).click();
  await row.getByRole('button', { name: `Confirm disable of ${username}` }).click();
  await expect(status(`${username} is disabled`)).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(`^${username} member disabled`) }),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: `Enable ${username}` })).toBeFocused();
  await row.getByRole('button', { name: `Enable ${username}` }).click();
  await expect(status(`${username} can sign in again.`)).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(`^${username} member waiting for enrolment`) }),
  ).toBeVisible();
  await row.getByRole('button', { name: `Make admin ${username}` }).click();
  await expect(status(`${username} is now an admin`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^${username} admin`) })).toBeVisible();

  // The audit trail, filtered by who, what and the UTC day; the filter is kept in the address.
  await page.getByRole('link', { name: 'Audit trail' }).click();
  await expectHeading(page, 'Audit trail');
  const today = new Date().toISOString().slice(0, 10);
  const filters = page.getByRole('search', { name: 'Filter the audit trail' });
  await filters.getByLabel('What', { exact: true }).fill('users disable');
  await filters.getByLabel('Who', { exact: true }).fill(admin.username);
  await filters.getByLabel('From (UTC day)').fill(today);
  await filters.getByLabel('Until (UTC day)').fill(today);
  await filters.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(
    `${consoleUrl}/console/admin/audit?command=users+disable&actor=${admin.username}&from=${today}&to=${today}`,
  );
  await expect(status('1 record of this filter')).toBeVisible();
  await expect(
    page.getByRole('row', {
      name: new RegExp(`${admin.username} users disable 1 username: ${username}`),
    }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Older records' })).toHaveCount(0);
  await expectNoAxeViolations(page, testInfo, 'audit trail filtered');
  await page.reload();
  await expect(filters.getByLabel('Who', { exact: true })).toHaveValue(admin.username);
  await expect(status('1 record of this filter')).toBeVisible();

  // The CLI reads the same trail, with the same filters.
  const cli = JSON.parse(
    await leads(['audit', '--json', '--actor', admin.username, '--command', 'users disable']),
  ) as { details: { username?: string } }[];
  expect(cli.map((record) => record.details.username)).toEqual([username]);
  const commands = (
    JSON.parse(await leads(['audit', '--json', '--actor', admin.username, '--limit', '50'])) as {
      command: string;
    }[]
  ).map((record) => record.command);
  expect(commands).toEqual(
    expect.arrayContaining([
      'users add',
      'users reset',
      'users disable',
      'users enable',
      'users role',
    ]),
  );
});
