import { sendThroughSite, type ContactValues } from '../support/contact-form.ts';
import { mailApi, mailWithSubject, sourceOf } from '../support/mail.ts';
import { uniqueEmail } from '../support/stack.ts';
import { expect, test } from '../support/fixtures.ts';

// Every lead reaches a person: a request sent through the site arrives as a mail in the stack's
// SMTP server, to the inbox for its kind, with Reply-To the prospect. `make e2e` and CI's
// container stack have a mail catcher; a stack started by hand may not.
test.skip(!mailApi, 'the stack has no mail catcher (E2E_MAIL_API is not set)');

/**
 * A visitor's values, made afresh for each run: an address and a company of the run's own (the
 * company finds the mail).
 */
const visitor =
  (label: string, { company, ...values }: Omit<Required<ContactValues>, 'email'>) =>
  (): Required<ContactValues> => ({
    ...values,
    email: uniqueEmail(label),
    company: `${company} ${Date.now()}`,
  });

/** A request of each kind, its mail's subject and, where the test knows it, its inbox. */
const REQUESTS = [
  {
    title: 'a request sent through the site arrives as a mail, Reply-To the prospect',
    path: '/',
    subject: 'Discovery call request',
    values: visitor('notified', {
      name: 'Ines Duarte',
      company: 'Duarte Capital',
      role: 'Head of ECM',
      message: 'Please call me about the pilot.',
    }),
  },
  {
    title: 'accessibility feedback goes to the accessibility inbox',
    path: '/accessibility',
    subject: 'Accessibility feedback',
    inbox: process.env.NOTIFY_ACCESSIBILITY_TO,
    values: visitor('a11y-notified', {
      name: 'Sam Okafor',
      company: 'Okafor Partners',
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
