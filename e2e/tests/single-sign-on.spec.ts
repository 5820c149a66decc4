// Single sign-on (docs/operating.md, "Single sign-on") in Chromium: the console signs in through
// the development identity provider's own login screen (contact-service/dev/identity-provider.ts,
// oidc-provider over HTTPS, started by e2e/scripts/run-e2e.sh), refuses a user outside the
// allowed domains, loses a session when the provider logs it out (back-channel) and when the
// user is removed there (the re-check), and, where SSO_REQUIRED=true, still lets a break-glass
// account in with its password, which the admins hear of. axe on every new screen.
import { test as base, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { addUser, codeFor, enrol, expectHeading, uniqueUsername } from '../support/console.ts';
import { filesHolding, logs } from '../support/logs.ts';
import { mailWithSubject } from '../support/mail.ts';
import { baseUrl, consoleUrl, leads } from '../support/stack.ts';

const providerUrl = process.env.E2E_IDP_URL;
const strictConsoleUrl = process.env.E2E_STRICT_CONSOLE_URL;
const PROVIDER = 'the development provider';

// The stack's consoles and the provider only; any other request is refused.
const test = base.extend({
  context: async ({ context }, use) => {
    const allowed = [consoleUrl, strictConsoleUrl, providerUrl]
      .filter((url): url is string => Boolean(url))
      .map((url) => new URL(url).origin);
    await context.route(
      (url) => !allowed.includes(url.origin),
      (route) => route.abort('blockedbyclient'),
    );
    await use(context);
  },
});

test.skip(
  !providerUrl || !process.env.DEV_IDP_CONTROL_TOKEN,
  'the development identity provider runs with `make e2e` (e2e/scripts/run-e2e.sh) only',
);

/** Puts a user into the provider (its development control API), as its admins would. */
async function providerUser(login: string, user: Record<string, unknown> | null): Promise<void> {
  const answer = await fetch(`${providerUrl}/dev/users/${encodeURIComponent(login)}`, {
    method: user ? 'POST' : 'DELETE',
    headers: { authorization: `Bearer ${process.env.DEV_IDP_CONTROL_TOKEN}` },
    body: user ? JSON.stringify(user) : undefined,
  });
  expect(answer.status).toBe(204);
}

/** A new person of the company at the provider, in these groups. */
async function colleague(groups: string[], domain = 'bank.example') {
  const login = uniqueUsername('sso');
  await providerUser(login, { email: `${login}@${domain}`, email_verified: true, groups });
  return login;
}

/** "Sign in with …", then the provider's own login screen. */
async function signInThroughProvider(page: Page, login: string, console = consoleUrl) {
  await page.goto(`${console}/console/sign-in`);
  await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${providerUrl}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a colleague signs in through the provider’s login screen, and the account is made', async ({
  page,
}, testInfo) => {
  await page.goto(`${consoleUrl}/console/sign-in`);
  await expectHeading(page, 'Sign in');
  await expect(
    page.getByRole('heading', { name: 'Or with your username and password' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, testInfo, 'sign-in with single sign-on');
  const login = await colleague(['sales']);
  await signInThroughProvider(page, login);
  await expectHeading(page, 'Inbox');
  await expect(page.getByRole('banner')).toContainText(`${login} (member)`);
  expect(await leads(['users', 'list'])).toMatch(
    new RegExp(`${login}\\s+member\\s+single sign-on`),
  );
  expect(await leads(['audit', '--command', 'sso sign-in', '--actor', login])).toContain(login);
});

test('someone outside the allowed domains is refused, and told whom to ask', async ({
  page,
}, testInfo) => {
  const login = await colleague(['console-admins'], 'elsewhere.example');
  await signInThroughProvider(page, login);
  await expect(page).toHaveURL(`${consoleUrl}/console/sign-in?sso=domain`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    `Your ${PROVIDER} account cannot sign in here: this console takes only verified addresses at your company’s domains. Ask an admin of this console if you should have access.`,
  );
  await expect(alert).toBeFocused();
  await expectNoAxeViolations(page, testInfo, 'single sign-on refused');
  expect(await leads(['users', 'list'])).not.toContain(login);
});

test('a logout at the provider ends the console session at once (back-channel logout)', async ({
  page,
}) => {
  const login = await colleague(['sales']);
  await signInThroughProvider(page, login);
  await expectHeading(page, 'Inbox');
  // The person signs out at the provider (another app, or IT ends their session there).
  await page.goto(`${providerUrl}/session/end`);
  await page.getByRole('button', { name: /Yes, sign me out/ }).click();
  await page.goto(`${consoleUrl}/console/`);
  await expectHeading(page, 'Sign in');
  expect(await leads(['audit', '--command', 'sso logout', '--actor', login])).toContain(login);
  // It came through the public site's port, as a provider outside the operators' networks
  // reaches it as shipped: nginx logged the POST there, answered 200.
  const arrived = logs()
    .filter(({ name }) => name === 'nginx.log')
    .flatMap(({ text }) => text.split('\n'))
    .filter((line) => line.includes('"uri":"/api/console/sso/backchannel-logout"'))
    .map((line) => JSON.parse(line) as { method: string; port: number; status: number });
  const port = Number(new URL(baseUrl).port);
  expect(arrived).toContainEqual(expect.objectContaining({ method: 'POST', port, status: 200 }));
});

test('a user removed at the provider loses the console within the re-check', async ({ page }) => {
  const login = await colleague(['sales']);
  await signInThroughProvider(page, login);
  await expectHeading(page, 'Inbox');
  await providerUser(login, null);
  // OIDC_RECHECK_MINUTES is 0.05 in the suite: the next request after 3 s asks the provider.
  await expect(async () => {
    await page.goto(`${consoleUrl}/console/`);
    await expectHeading(page, 'Sign in');
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  expect(
    await leads(['audit', '--command', 'sso session ended', '--actor', login, '--json']),
  ).toContain('invalid_grant');
});

test('with SSO_REQUIRED=true, a break-glass account still gets in, and the admins are told', async ({
  page,
}, testInfo) => {
  test.skip(!strictConsoleUrl, 'no console with SSO_REQUIRED=true in this stack');
  await page.goto(`${strictConsoleUrl}/console/sign-in`);
  await expectHeading(page, 'Sign in');
  await expect(page.getByRole('heading', { name: 'Break-glass sign-in' })).toBeVisible();
  await expectNoAxeViolations(page, testInfo, 'break-glass sign-in');

  // An ordinary local account: its password is refused here.
  const local = uniqueUsername('local');
  const localOperator = await enrol(page, local, await addUser(local, 'admin'));
  // A break-glass account, enrolled through its link on the everyday console.
  const name = uniqueUsername('glass');
  const printed = await leads(['users', 'add', name, '--role', 'admin', '--break-glass']);
  const link = /https?:\/\/\S+\/console\/enrol#\S+/.exec(printed)![0];
  const { pathname, hash } = new URL(link);
  // A new page load: the link differs from the last one only after its #.
  await page.context().clearCookies();
  await page.goto(`${consoleUrl}/console/sign-in`);
  const glass = await enrol(page, name, `${consoleUrl}${pathname}${hash}`);

  for (const [operator, expected] of [
    [localOperator, 'refused'],
    [glass, 'signed in'],
  ] as const) {
    await page.context().clearCookies();
    await page.goto(`${strictConsoleUrl}/console/sign-in`);
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Code').fill(codeFor(operator.totp, 1));
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (expected === 'refused') {
      await expect(page.getByRole('alert')).toHaveText('Wrong username, password or code.');
    } else {
      await expectHeading(page, 'Inbox');
    }
  }
  const alert = await mailWithSubject(`Break-glass sign-in: ${name} signed in to the console`);
  expect(alert.to.map((to) => to.address)).toContain('sales@proposals.test');
  expect(await leads(['audit', '--command', 'break-glass sign-in', '--actor', name])).toContain(
    name,
  );
});

test('the sign-in callback’s code and state stay out of every log', async ({ page }) => {
  const login = await colleague(['sales']);
  const callback = page.waitForRequest((request) =>
    new URL(request.url()).pathname.endsWith('/sso/callback'),
  );
  await signInThroughProvider(page, login);
  const params = new URL((await callback).url()).searchParams;
  const [code, state] = [params.get('code'), params.get('state')];
  expect(code && state).toBeTruthy();
  await expectHeading(page, 'Inbox');
  // The sign-in is in the audit trail, and the callback's request in the logs, by its path.
  expect(await leads(['audit', '--command', 'sso sign-in', '--actor', login])).toContain(login);
  await expect
    .poll(() => logs().some(({ text }) => text.includes('/api/console/sso/callback')))
    .toBe(true);
  // The provider's own log is its business: it issued them.
  const holding = filesHolding([code!, state!]).filter(
    (name) => !name.startsWith('identity-provider'),
  );
  expect(holding).toEqual([]);
});
