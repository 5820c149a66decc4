import {
  addLatency,
  contactForm,
  openToasts,
  recordContactPosts,
  requestsSettled,
  openAndFill,
  sendThroughSite,
} from '../support/contact-form.ts';
import { siteConfig, spec } from '../support/site.ts';
import {
  baseUrl,
  startContactService,
  stopContactService,
  submissionsFor,
  uniqueEmail,
} from '../support/stack.ts';
import { expect, test } from '../support/fixtures.ts';

test('an empty submit sends nothing and flags the required fields', async ({ page }) => {
  await page.goto('/');
  const posts = recordContactPosts(page);
  const form = contactForm(page, '#contact');
  await form.ready();
  await form.submit.click();
  for (const field of [form.name, form.email, form.company, form.role]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form.message).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.name).toBeFocused();
  await requestsSettled(page);
  expect(posts).toHaveLength(0);
});

test('an invalid email shows the message and sends nothing', async ({ page }) => {
  await page.goto('/');
  const posts = recordContactPosts(page);
  const form = contactForm(page, '#contact');
  await form.ready();
  const email = 'ada.lovelace@';
  await form.fill({ name: 'Ada Lovelace', email, company: 'Analytical', role: 'Analyst' });
  await form.submit.click();
  await expect(form.form.getByText(spec.invalidEmail, { exact: true })).toBeVisible();
  await expect(form.email).toHaveAttribute('aria-invalid', 'true');
  await expect(form.email).toHaveAccessibleDescription(spec.invalidEmail);
  await expect(form.email).toBeFocused();
  await requestsSettled(page);
  expect(posts).toHaveLength(0);
  expect(await submissionsFor(email)).toHaveLength(0);
});

test('a valid submit shows Submitting... on a disabled button, then the success toast, resets the form and stores exactly what was typed', async ({
  page,
}) => {
  const posts = recordContactPosts(page);
  const values = {
    name: 'Zoë O’Brien-Ngata',
    email: uniqueEmail('discovery'),
    company: 'Banque Exemple & Associés SA',
    role: 'Managing Director, M&A',
    message: 'Two lines:\nwe pitch 40 mandates a quarter — "quickly" matters.',
  };
  const form = await openAndFill(page, '/', values);
  await addLatency(page, 1500);
  const label = await form.submit.textContent();
  await form.submit.click();

  await expect(form.submit).toHaveText(spec.submittingLabel);
  await expect(form.submit).toBeDisabled();
  await expect(openToasts(page)).toContainText(spec.successToast, { timeout: 15_000 });
  await expect(form.submit).toHaveText(label ?? '');
  await expect(form.submit).toBeEnabled();
  for (const field of [form.name, form.email, form.company, form.role, form.message]) {
    await expect(field).toHaveValue('');
  }

  expect(posts).toHaveLength(1);
  const rows = await submissionsFor(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(values);
  expect(Date.now() - rows[0]!.created_at.getTime()).toBeLessThan(60_000);
});

test('the request carries credentials, an Idempotency-Key and a JSON body of the contract fields with a JSON content type', async ({
  page,
  context,
}) => {
  // The browser sends the site's cookies only if the fetch includes credentials; the request
  // itself records the mode the page asked for.
  await context.addCookies([{ name: 'e2e_probe', value: 'present', url: baseUrl }]);
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    (window as unknown as { e2eFetchCredentials: string[] }).e2eFetchCredentials = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      (window as unknown as { e2eFetchCredentials: string[] }).e2eFetchCredentials.push(
        `${request.method} ${new URL(request.url).pathname} ${request.credentials}`,
      );
      return original(input, init);
    };
  });
  const values = {
    name: 'Grace Hopper',
    email: uniqueEmail('headers'),
    company: 'Compiler Capital',
    role: 'Analyst',
    message: 'Checking the request.',
  };
  const form = await openAndFill(page, '/', values);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/contact')),
    form.submit.click(),
  ]);
  const headers = await request.allHeaders();
  expect(headers['content-type']).toMatch(/^application\/json\b/);
  expect(headers.cookie).toContain('e2e_probe=present');
  // A retry of this form would reuse the key, so the service stores the lead once.
  expect(headers['idempotency-key']).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  // Exactly the contract's fields: the honeypot is only sent when a bot ticked it, and what
  // brought the visitor is the page's path alone on a visit with no campaign or referrer
  // (contract/attribution.json; attribution.spec.ts checks a campaign's).
  expect(request.postDataJSON()).toEqual({ ...values, attribution: { landing_path: '/' } });
  const response = await request.response();
  expect(response?.status()).toBe(201);
  expect(
    await page.evaluate(
      () => (window as unknown as { e2eFetchCredentials: string[] }).e2eFetchCredentials,
    ),
  ).toContain('POST /api/contact include');
  await expect(openToasts(page)).toContainText(spec.successToast);
});

test('the accessibility form stores the message as "Subject: Accessibility Feedback", a blank line, then the text', async ({
  page,
}) => {
  const values = {
    name: 'Alex Reader',
    email: uniqueEmail('a11y'),
    company: 'Screen Reader Users Ltd',
    role: 'Analyst',
    message: 'The toast closes before my screen reader finishes.',
  };
  await sendThroughSite(page, '/accessibility', values);
  const rows = await submissionsFor(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    ...values,
    message: `Subject: ${spec.accessibilitySubject}\n\n${values.message}`,
  });
});

test('with the contact-service stopped, the error toast gives the email address', async ({
  page,
}) => {
  const values = {
    name: 'Outage Test',
    email: uniqueEmail('outage'),
    company: 'Downtime Partners',
    role: 'Associate',
  };
  const form = await openAndFill(page, '/', values);
  await stopContactService();
  try {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contact')),
      form.submit.click(),
    ]);
    expect(response.status()).toBeGreaterThanOrEqual(500);
    const toast = openToasts(page);
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(spec.errorToastTitle);
    await expect(toast).toContainText(spec.errorToastText(siteConfig.contactEmail));
    // The values stay in the form so the visitor can send them again.
    await expect(form.email).toHaveValue(values.email);
  } finally {
    await startContactService();
  }
  expect(await submissionsFor(values.email)).toHaveLength(0);
});
