// The operators' console as a person uses it: an account made with the CLI, enrolled through
// its link with an authenticator app (here: the codes computed as the app would), then signed in.
import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { TOTP } from 'otpauth';
import { artifactsDir, consoleUrl, leads } from './stack.ts';

export interface Operator {
  username: string;
  password: string;
  totp: TOTP;
  recoveryCodes: string[];
}

/** The stack's console only; any other request is refused, as for the site. */
export async function keepConsoleTrafficLocal(context: BrowserContext): Promise<void> {
  const origin = new URL(consoleUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  );
}

/** Playwright's test with every page's context kept to the stack's console. */
export const consoleTest = base.extend({
  context: async ({ context }, use) => {
    await keepConsoleTrafficLocal(context);
    await use(context);
  },
});

/** The screen's heading, shown and focused (the console moves focus to it on every screen). */
export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

/** A username no other test uses. */
export function uniqueUsername(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * The app's code `steps` periods from now. A code is accepted once and one step either side, so
 * a test that signs in again right after enrolling uses the next step's code.
 */
export function codeFor(totp: TOTP, steps = 0): string {
  return totp.generate({ timestamp: Date.now() + steps * totp.period * 1000 });
}

/** `leads users add NAME --role ROLE`: the printed enrolment link, on the console under test. */
export async function addUser(username: string, role: 'admin' | 'member'): Promise<string> {
  const printed = await leads(['users', 'add', username, '--role', role]);
  const link = /https?:\/\/\S+\/console\/enrol#\S+/.exec(printed)?.[0];
  if (!link) throw new Error(`leads users add printed no enrolment link:\n${printed}`);
  const { pathname, hash } = new URL(link);
  return `${consoleUrl}${pathname}${hash}`;
}

/** Opens the link, sets the password, adds the app, and keeps the recovery codes shown. */
export async function enrol(page: Page, username: string, link: string): Promise<Operator> {
  const password = `correct horse ${username} battery staple`;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
  await expect(page.getByText(username, { exact: true })).toBeVisible();
  const key = (await page.locator('code.secret').innerText()).replaceAll(' ', '');
  const totp = new TOTP({ secret: key, issuer: 'x', label: username });
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Code from the app').fill(codeFor(totp));
  await page.getByRole('button', { name: 'Finish setting up' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account is ready' }),
  ).toBeVisible();
  const recoveryCodes = await page.locator('.codes code').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  return { username, password, totp, recoveryCodes };
}

/** A new operator of that role, enrolled and signed in in this page. */
export async function enrolledOperator(page: Page, role: 'admin' | 'member'): Promise<Operator> {
  const username = uniqueUsername(role);
  return enrol(page, username, await addUser(username, role));
}

/** The sign-in screen's two steps; `code` defaults to the app's next code. */
export async function signIn(page: Page, operator: Operator, code?: string): Promise<void> {
  await page.goto(`${consoleUrl}/console/sign-in`);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(code ?? codeFor(operator.totp, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A console screen checked with axe, then photographed at 360, 768 and 1440 px. */
export async function checkConsoleScreen(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAxeViolations(page, testInfo, name);
  const size = page.viewportSize();
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${artifactsDir}/screenshots/console-${name.replaceAll(' ', '-')}-${width}.png`,
      fullPage: true,
    });
  }
  if (size) await page.setViewportSize(size);
}
