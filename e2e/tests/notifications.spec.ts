import { sendThroughSite } from '../support/contact-form.ts';
import { mailApi, mailWithSubject, sourceOf } from '../support/mail.ts';
import { uniqueEmail } from '../support/stack.ts';
import { expect, test } from '../support/fixtures.ts';

// Every lead reaches a person: a request sent through the site arrives as a mail in the stack's
// SMTP server, to the inbox for its kind, with Reply-To the prospect. `make e2e` and CI's
// container stack have a mail catcher; a stack started by hand may not.
test.skip(!mailApi, 'the stack has no mail catcher (E2E_MAIL_API is not set)');

/** A request of each kind, its mail's subject and, where the test knows it, its inbox. */
const REQUESTS = [
  {
    title: 'a request sent through the site arrives as a mail, Reply-To the prospect',
    path: '/',
    subject: 'Discovery call request',
    values: () => ({
      name: 'Ines Duarte',
      email: uniqueEmail('notified'),
      company: `Duarte Capital ${Date.now()}`,
      role: 'Head of ECM',
      message: 'Please call me about the pilot.',
    }),
  },
  {
    title: 'accessibility feedback goes to the accessibility inbox',
    path: '/accessibility',
    subject: 'Accessibility feedback',
    inbox: process.env.NOTIFY_ACCESSIBILITY_TO,
    values: () => ({
      name: 'Sam Okafor',
      email: uniqueEmail('a11y-notified'),
      company: `Okafor Partners ${Date.now()}`,
      role: 'Analyst',
      message: 'The focus ring on the footer is faint.',
    }),
  },
] as const;

for (const { title, path, subject, ...request } of REQUESTS) {
  test(title, async ({ page }) => {
    const values = request.values();
    await sendThroughSite(page, path, values);

    const mail = await mailWithSubject(values.company);
    expect(mail.subject).toBe(`${subject}: ${values.name}, ${values.role} at ${values.company}`);
    const headers = (await sourceOf(mail)).split(/\r?\n/);
    expect(headers).toContain(`Reply-To: ${values.name} <${values.email}>`);
    expect(mail.text).toContain(values.message);
    expect(mail.to).toHaveLength(1);
    if ('inbox' in request) expect(mail.to.map((to) => to.address)).toEqual([request.inbox]);
  });
}
