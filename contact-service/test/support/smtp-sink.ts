import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { received, started } from './release.js';

export interface ReceivedMail {
  /** The envelope: who the server was asked to deliver to (Bcc included). */
  recipients: string[];
  raw: string;
  parsed: ParsedMail;
}

/** A real SMTP server in the test process (smtp-server, from the nodemailer project). */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** Connection errors the server saw (resets by clients that died). */
  readonly errors: Error[] = [];
  /** How long the server takes to accept a message (a slow or overloaded mail server). */
  acceptAfterMs = 0;
  /** Recipients refused as a real server refuses them: 550, the address quoted back. */
  readonly refused = new Set<string>();
  private server?: SMTPServer;
  private release?: () => Promise<void>;

  private constructor(private port = 0) {}

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    await sink.listen();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The service's settings that send its mail here: from the website, to `to` (the sales team). */
  settings(to = 'sales@bank-proposals.example'): Record<string, string> {
    return { SMTP_URL: this.url, NOTIFY_FROM: 'website@bank-proposals.example', NOTIFY_TO: to };
  }

  /** Starts accepting mail (again, on the same port after stop()). */
  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address.toLowerCase())) return callback();
        const error = new Error(
          `5.1.1 <${address.address}>: Recipient address rejected: User unknown`,
        );
        callback(Object.assign(error, { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          setTimeout(() => {
            void simpleParser(raw).then((parsed) => {
              this.mails.push({
                recipients: session.envelope.rcptTo.map((to) => to.address),
                raw,
                parsed,
              });
              callback();
            }, callback);
          }, this.acceptAfterMs);
        });
      },
    });
    // A client that goes away mid-session (a service killed on purpose) is an everyday event
    // for a mail server: noted, not thrown into the test process as an unhandled 'error'.
    server.on('error', (error) => this.errors.push(error));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    this.release = started(
      `an SMTP sink on port ${this.port}`,
      () => new Promise<void>((resolve) => server.close(() => resolve())),
    );
  }

  /** Stops accepting connections: SMTP is "down" until listen() again. */
  async stop(): Promise<void> {
    this.server = undefined;
    await this.release?.();
  }

  waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedMail[]> {
    return received(this.mails, count, 'mails', timeoutMs);
  }
}
