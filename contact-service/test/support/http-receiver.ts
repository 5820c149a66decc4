import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, received, started } from './release.js';

/** A plain HTTP receiver (a Slack incoming webhook stand-in): keeps every JSON body it gets. */
export class HttpReceiver {
  readonly bodies: unknown[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<HttpReceiver> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver.bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
        res.writeHead(200).end('ok');
      });
    });
    const receiver = new HttpReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.close = started('an HTTP receiver', () => receiver.shutdown());
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/services/T000/B000/secret`;
  }

  waitFor(count: number, timeoutMs = 20_000): Promise<unknown[]> {
    return received(this.bodies, count, 'bodies', timeoutMs);
  }

  /** Stops the receiver (once, however often it is called). */
  close: () => Promise<void> = () => this.shutdown();

  private shutdown(): Promise<void> {
    return closeServer(this.server);
  }
}
