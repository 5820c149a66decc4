import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { spec } from './site.ts';

export const CONTACT_PATH = '/api/contact';

export interface ContactValues {
  name: string;
  email: string;
  company: string;
  role: string;
  message?: string;
}

/** The form of a page: the landing page's discovery-call form or the accessibility feedback form. */
export function contactForm(page: Page, section: '#contact' | '#accessibility-feedback') {
  const form = page.locator(`${section} form.contact-form`);
  return {
    form,
    /**
     * Resolves once the form's island has hydrated. Before that the browser's own validation
     * answers (islands.spec.ts); a test of the form's own messages waits for this first.
     */
    async ready(): Promise<void> {
      await expect(page.locator(`${section} [data-island]`)).toHaveAttribute('data-hydrated', '');
    },
    name: form.getByLabel('Full name'),
    email: form.getByLabel('Work email'),
    company: form.getByLabel('Company'),
    role: form.getByLabel('Role'),
    message: form.getByLabel('Message'),
    submit: form.locator('button[type="submit"]'),
    async fill(values: ContactValues): Promise<void> {
      await this.name.fill(values.name);
      await this.email.fill(values.email);
      await this.company.fill(values.company);
      await this.role.fill(values.role);
      if (values.message !== undefined) await this.message.fill(values.message);
    },
  };
}

/** The open toasts, inside Radix's "Notifications" region. */
export function openToasts(page: Page): Locator {
  return page.getByRole('region', { name: /^Notifications/ }).locator('li[data-state="open"]');
}

/** Opens the landing page (`/`) or the accessibility page and fills its form with `values`. */
export async function openAndFill(page: Page, path: '/' | '/accessibility', values: ContactValues) {
  await page.goto(path);
  const form = contactForm(page, path === '/' ? '#contact' : '#accessibility-feedback');
  await form.fill(values);
  return form;
}

/** As openAndFill, then sends the form and waits for the success toast. */
export async function sendThroughSite(
  page: Page,
  path: '/' | '/accessibility',
  values: ContactValues,
): Promise<void> {
  await (await openAndFill(page, path, values)).submit.click();
  await expect(openToasts(page)).toContainText(spec.successToast, { timeout: 15_000 });
}

/** Records every POST to the contact API the page makes from now on. */
export function recordContactPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === CONTACT_PATH) {
      posts.push(request);
    }
  });
  return posts;
}

/**
 * Returns once every request the page started so far has been seen by Playwright: the page
 * fetches a marker, and the browser reports requests in the order the page started them, so the
 * marker's arrives after any POST a handler started before it. What "sends nothing" waits for,
 * instead of a fixed time.
 */
export async function requestsSettled(page: Page): Promise<void> {
  const marker = `/robots.txt?settled=${Date.now()}`;
  await Promise.all([
    page.waitForRequest((request) => request.url().endsWith(marker)),
    page.evaluate((url) => fetch(url).then((answer) => answer.text()), marker),
  ]);
}

/**
 * Adds network latency through the DevTools protocol, so a state that lasts as long as a
 * request (the disabled "Submitting..." button) lasts long enough to be seen. The request still
 * goes to the real stack.
 */
export async function addLatency(page: Page, latencyMs: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** Waits until the page's scroll position has stopped changing (smooth scrolls included). */
export async function waitForScrollToSettle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = window.scrollY;
        let stableFrames = 0;
        const tick = () => {
          if (window.scrollY === last) stableFrames += 1;
          else stableFrames = 0;
          last = window.scrollY;
          if (stableFrames >= 10) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}
