// The mail catcher the stack's contact-service sends its notifications to (maildev, in `make
// e2e` on loopback and in CI's container stack as the `mail` container): its REST API lists
// what arrived (GET /api/email, /api/email/:id/source).

export const mailApi = process.env.E2E_MAIL_API;

export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  text: string;
}

/** The message as it arrived, headers included. */
export async function sourceOf(mail: CaughtMail): Promise<string> {
  return (await fetch(`${mailApi}/api/email/${mail.id}/source`)).text();
}

/** Waits for the mail whose subject contains `text` (leads are delivered a moment after the 201). */
export async function mailWithSubject(text: string, timeoutMs = 30_000): Promise<CaughtMail> {
  if (!mailApi) throw new Error('E2E_MAIL_API is not set: the stack has no mail catcher');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailApi}/api/email`)).json()) as CaughtMail[];
    const found = mails.find((mail) => mail.subject.includes(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail with "${text}" in its subject arrived within ${timeoutMs} ms`);
}
