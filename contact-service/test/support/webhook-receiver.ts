import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, received, started } from './release.js';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  /** The payload, verified with the standardwebhooks verifier (signature and timestamp). */
  payload: { type: string; timestamp: string; data: Record<string, string> };
}

/**
 * A real HTTP receiver that verifies every request as a CRM would, with the standardwebhooks
 * verifier; `status` sets what it answers (200 by default), and requests that fail verification
 * are counted apart.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly rejected: string[] = [];
  attempts = 0;
  status = 200;
  /** When set, what to answer a request with this body (in place of `status`). */
  answer?: (body: string) => number;
  private readonly verifier: Webhook;

  private constructor(
    private readonly server: Server,
    readonly secret: string,
  ) {
    this.verifier = new Webhook(secret);
  }

  static async start(secret: string): Promise<WebhookReceiver> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => receiver.handle(req.headers, Buffer.concat(chunks).toString(), res));
    });
    const receiver = new WebhookReceiver(server, secret);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.close = started('a webhook receiver', () => receiver.shutdown());
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/leads`;
  }

  private handle(
    headers: Record<string, string | string[] | undefined>,
    body: string,
    res: ServerResponse,
  ): void {
    this.attempts += 1;
    const status = this.answer?.(body) ?? this.status;
    if (status >= 200 && status < 300) {
      try {
        const payload = this.verifier.verify(body, {
          'webhook-id': String(headers['webhook-id']),
          'webhook-timestamp': String(headers['webhook-timestamp']),
          'webhook-signature': String(headers['webhook-signature']),
        }) as ReceivedWebhook['payload'];
        this.received.push({ id: String(headers['webhook-id']), payload });
      } catch (error) {
        this.rejected.push((error as Error).message);
        res.writeHead(400).end();
        return;
      }
    }
    res.writeHead(status).end();
  }

  waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
    return received(this.received, count, 'webhooks', timeoutMs);
  }

  /** Stops the receiver (once, however often it is called). */
  close: () => Promise<void> = () => this.shutdown();

  private shutdown(): Promise<void> {
    return closeServer(this.server);
  }
}
