import { expect } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { createConsoleApp } from '../../src/app/console.factory.js';
import { closeGracefully } from '../../src/app/app.factory.js';
import { leadsCommandContext } from '../../src/app/leads-command.module.js';
import { leadsProgram } from '../../src/cli/leads-program.js';
import { operatorTools } from '../../src/cli/operator-tools.js';
import { parseEnv } from '../../src/config/env.js';
import { EnvironmentService } from '../../src/config/environment.service.js';
import { Clock } from '../../src/operators/clock.js';
import { started } from './release.js';
import { request, type Answer } from './test-app.js';
import { createMigratedDatabase, type TestDatabase } from './test-database.js';

export interface RunningConsole {
  app: NestFastifyApplication;
  baseUrl: string;
  clock: Clock;
  /** Every route the console registered: "POST /api/console/sign-in". */
  routes: string[];
  close(): Promise<void>;
}

/** A new database with the migrations applied and the console on it: a console file's beforeAll. */
export async function consoleOnNewDatabase(
  overrides: Record<string, string> = {},
): Promise<{ db: TestDatabase; console_: RunningConsole }> {
  const db = await createMigratedDatabase();
  return { db, console_: await startConsole(db.url, overrides) };
}

/** The console's API on a port of its own, as serve.ts starts it, on a migrated database. */
export async function startConsole(
  databaseUrl: string,
  overrides: Record<string, string> = {},
  port = 0,
): Promise<RunningConsole> {
  const env = parseEnv({
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    CONSOLE_SECRET_KEY: randomBytes(32).toString('base64'),
    ...overrides,
  });
  const app = await createConsoleApp(new EnvironmentService(env, databaseUrl));
  const routes: string[] = [];
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      }
    });
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const close = started(`the console at ${baseUrl}`, () => closeGracefully(app));
  return { app, baseUrl, clock: app.get(Clock), routes, close };
}

/** A browser's side of the console: keeps the session cookie, sends same-origin requests. */
export class ConsoleClient {
  cookie?: string;

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const answer = await request(`${this.baseUrl}/api/console${path}`, {
      method,
      headers: {
        'sec-fetch-site': 'same-origin',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = answer.headers.get('set-cookie');
    if (set) this.cookie = /Max-Age=0/.test(set) ? undefined : set.split(';')[0];
    return answer;
  }

  /** A sign-in with the operators' test password (PASSWORD) and `code`. */
  signIn(username: string, code: string): Promise<Answer> {
    return this.call('POST', '/sign-in', { username, password: PASSWORD, code });
  }
}

/** Runs `leads …` as an operator on the server would, and answers what it printed. */
export async function leadsCommand(
  databaseUrl: string,
  args: string,
  actor = 'root@console-test',
): Promise<{ code: number; out: string; err: string }> {
  const context = await leadsContext(databaseUrl);
  const result = { code: 0, out: '', err: '' };
  try {
    const program = leadsProgram({
      tools: async () => operatorTools(context),
      actor,
      io: {
        out: (text) => void (result.out += text),
        err: (text) => void (result.err += text),
        interactive: false,
        confirm: async () => false,
      },
    });
    await program.parseAsync(args.split(' '), { from: 'user' });
  } catch (error) {
    const { exitCode, message } = error as { exitCode?: number; message: string };
    result.code = exitCode ?? 1;
    if (exitCode === undefined) result.err += message;
  } finally {
    await context.close();
  }
  return result;
}

/**
 * The `leads` command's application context on a migrated database, as entrypoints/leads.ts
 * makes it; `overrides`: the settings it starts with besides the database.
 */
export function leadsContext(
  databaseUrl: string,
  overrides: Record<string, string> = {},
): Promise<INestApplicationContext> {
  const env = parseEnv({
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    CONSOLE_ORIGIN: 'http://localhost:8081',
    MIGRATION_TIMEOUT_MS: '10000',
    ...overrides,
  });
  return leadsCommandContext(new EnvironmentService(env, databaseUrl));
}

/** Runs `leads users …` as an admin on the server would. */
export const leadsUsers = (databaseUrl: string, args: string) =>
  leadsCommand(databaseUrl, `users ${args}`);

/** The token of the enrolment link a `leads users add` or `reset` printed. */
export const tokenOf = (printed: string) =>
  /\/console\/enrol#([A-Za-z0-9_-]+)/.exec(printed)?.[1] ?? '';

/** The password every enrolled test operator has. */
export const PASSWORD = 'correct horse battery staple';

export interface Enrolled {
  client: ConsoleClient;
  secret: string;
  recoveryCodes: string[];
}

/** The authenticator app's code at the console's clock, `stepsAhead` periods on. */
export const codeAt = (running: RunningConsole, secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: running.clock.now().getTime() + stepsAhead * 30_000,
  });

/** `leads users add`, then the link opened and finished as its owner would, from `address`. */
export async function enrolOperator(
  databaseUrl: string,
  running: RunningConsole,
  name: string,
  role: 'admin' | 'member',
  address = '10.0.0.1',
): Promise<Enrolled> {
  const added = await leadsUsers(databaseUrl, `add ${name} --role ${role}`);
  expect([added.code, added.err]).toEqual([0, '']);
  return enrolThrough(running, added.out, address);
}

/** An enrolment link (or text holding one) opened and finished as its owner would. */
export async function enrolThrough(
  running: RunningConsole,
  link: string,
  address = '10.0.0.1',
): Promise<Enrolled> {
  const token = tokenOf(link);
  const client = new ConsoleClient(running.baseUrl, { 'x-forwarded-for': address });
  const opened = await client.call('POST', '/enrolment/open', { token });
  expect(opened.status).toBe(200);
  const secret = opened.body.totpSecret as string;
  const done = await client.call('POST', '/enrolment/finish', {
    token,
    password: PASSWORD,
    code: codeAt(running, secret),
  });
  expect(done.status).toBe(200);
  return { client, secret, recoveryCodes: done.body.recoveryCodes as string[] };
}
