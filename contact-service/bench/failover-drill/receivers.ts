// The drill's real receivers of the service's notifications, in its app namespace: an HTTP
// server for the signed webhook and an SMTP server for the mail, each keeping per lead the ids it
// was delivered with (the webhook id, the Message-ID), by which a duplicate is recognised.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** The ports the drill's service delivers to (WEBHOOK_URL, SMTP_URL in drill.sh). */
const WEBHOOK_PORT = 3190;
const SMTP_PORT = 3125;

/** What the receivers saw: per lead, the webhook ids and the mails' Message-IDs. */
export const webhooks = new Map<string, string[]>();
export const mails = new Map<string, string[]>();

export async function startReceivers(): Promise<() => Promise<void>> {
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id'] ?? '');
      const lead = (JSON.parse(Buffer.concat(chunks).toString()) as { data?: { id?: string } }).data
        ?.id;
      if (lead) webhooks.set(lead, [...(webhooks.get(lead) ?? []), id]);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => http.listen(WEBHOOK_PORT, '127.0.0.1', resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head =
          Buffer.concat(chunks)
            .toString()
            .split(/\r?\n\r?\n/)[0] ?? '';
        const header = (name: string) =>
          new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head)?.[1]?.trim() ?? '';
        const lead = header('X-Lead-Id');
        if (lead) mails.set(lead, [...(mails.get(lead) ?? []), header('Message-ID')]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));
  return async () => {
    http.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
