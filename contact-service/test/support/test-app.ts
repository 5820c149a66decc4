import { afterAll, beforeAll } from '@jest/globals';
import { SmtpSink } from './smtp-sink.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { closeGracefully, createApp } from '../../src/app/app.factory.js';
import { parseEnv } from '../../src/config/env.js';
import { EnvironmentService } from '../../src/config/environment.service.js';
import { started } from './release.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** A submission the service accepts. */
export const VALID_CONTACT = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Northbridge',
  role: 'MD',
};

export interface RunningApp {
  app: NestFastifyApplication;
  baseUrl: string;
  post(body: unknown, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
  ms: number;
}

/** A test database of its own and the service on it: what a file's beforeAll starts. */
export async function appOnNewDatabase(
  overrides: Record<string, string> = {},
): Promise<{ db: TestDatabase; service: RunningApp }> {
  const db = await createTestDatabase();
  return { db, service: await startTestApp(db.url, overrides) };
}

/**
 * The service on a database of its own for a whole test file: started before its first test,
 * stopped and dropped after its last. Read `.service` and `.db` inside the tests.
 */
export function serviceForThisFile(overrides: Record<string, string> = {}): {
  readonly db: TestDatabase;
  readonly service: RunningApp;
} {
  const started = {} as { db: TestDatabase; service: RunningApp };
  beforeAll(async () => Object.assign(started, await appOnNewDatabase(overrides)));
  afterAll(() => stopApp(started.service, started.db));
  return started;
}

/**
 * A database and an SMTP server of a file's own, and the settings of the services it starts on
 * them: several services beside the other test files (a small pool each), mailing each sender
 * their receipt, with the console's links to its production origin.
 */
export async function databaseAndMail(overrides: Record<string, string> = {}) {
  const db = await createTestDatabase();
  const smtp = await SmtpSink.start();
  const settings = {
    RATE_LIMIT_MAX: '10000',
    DATABASE_POOL_SIZE: '3',
    ...smtp.settings(),
    ACKNOWLEDGE_SENDER: 'true',
    CONSOLE_ORIGIN: 'https://console.bank-proposals.example',
    ...overrides,
  };
  return { db, smtp, settings };
}

type Started =
  | { close(): Promise<unknown> }
  | { stop(): Promise<unknown> }
  | { destroy(): Promise<unknown> }
  | { end(): Promise<unknown> }
  | TestDatabase;

/**
 * Stops what a file's beforeAll started, in the order given (the services and connections, then
 * their database, dropped): what its afterAll does, whatever got started before a failure.
 */
export async function stopApp(...started: (Started | undefined)[]): Promise<void> {
  for (const part of started) {
    if (!part) continue;
    if ('drop' in part) await part.drop();
    else if ('close' in part) await part.close();
    else if ('destroy' in part) await part.destroy();
    else if ('end' in part) await part.end();
    else await part.stop();
  }
}

/** The real service on a real port, configured like production apart from the overrides. */
export async function startTestApp(
  databaseUrl: string,
  overrides: Record<string, string> = {},
): Promise<RunningApp> {
  const env = parseEnv({
    LOG_LEVEL: 'silent',
    DATABASE_TIMEOUT_MS: '1500',
    DATABASE_URL: databaseUrl,
    ...overrides,
  });
  const app = await createApp(new EnvironmentService(env, databaseUrl));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = await app.getUrl();
  const close = started(`the app at ${baseUrl}`, () => closeGracefully(app));
  return {
    app,
    baseUrl: baseUrl.replace('[::1]', '127.0.0.1'),
    post: (body, headers) =>
      request(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close,
  };
}

export async function request(url: string, init?: RequestInit): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Left empty: a test that expects JSON will fail on the missing fields.
  }
  return {
    status: response.status,
    headers: response.headers,
    body,
    text,
    ms: performance.now() - started,
  };
}
