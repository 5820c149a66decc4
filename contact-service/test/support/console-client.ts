import { afterAll, beforeAll, expect } from '@jest/globals';
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
import type { SmtpSink } from './smtp-sink.js';
import {
  databaseAndMail,
  request,
  startTestApp,
  stopApp,
  type Answer,
  type RunningApp,
} from './test-app.js';
import { createMigratedDatabase, type TestDatabase } from './test-database.js';

export interface RunningConsole {
  app: NestFastifyApplication;
  baseUrl: string;
  clock: Clock;
  /** Every route the console registered: "POST /api/console/sign-in". */
  routes: string[];
  close(): Promise<void>;
}

/** An operator's role. */
export type Role = 'admin' | 'member';

/** What a console file starts before its first test (consoleForThisFile). */
export interface ConsoleSetUp<Name extends string = never> {
  /** With `mail`: a database and an SMTP server of the file's own and their settings. */
  mail?: Record<string, string>;
  /** The public services beside the console, each with its own settings on top. */
  services?: Record<string, string>[];
  /** The console's own settings on top. */
  console?: Record<string, string>;
  /** The operators enrolled through the console, in this order, by name and role. */
  operators?: Record<Name, Role>;
}

/** What consoleForThisFile started, with each enrolled operator's browser under its name. */
export type ConsoleFile<Name extends string = never> = {
  readonly db: TestDatabase;
  readonly console_: RunningConsole;
  /** The services, in the order given, and the first of them. */
  readonly apis: RunningApp[];
  readonly api: RunningApp;
  /** The settings the services and the console share (databaseAndMail's, or none). */
  readonly settings: Record<string, string>;
  /** enrolOperator on this console. */
  enrol(name: string, role: Role, address?: string): Promise<Enrolled>;
  /** codeAt this console's clock. */
  codeOf(secret: string, stepsAhead?: number): string;
} & Readonly<Record<Name, ConsoleClient>>;

/**
 * The console on a database of a file's own, with the public services beside it and its
 * operators enrolled: started before the file's first test, stopped (the database dropped) after
 * its last; read `.db`, `.console_`, `.max`, … inside the tests. Without `mail` the database is
 * migrated first; with it, it is databaseAndMail's (mailing each sender their receipt), the first
 * service applies the migrations, and the console's origin is where the test client is, so that
 * its cookies go to it.
 */
export function consoleForThisFile<Name extends string = never>(
  setUp: ConsoleSetUp<Name> & { mail: Record<string, string> },
): ConsoleFile<Name> & { readonly smtp: SmtpSink };
export function consoleForThisFile<Name extends string = never>(
  setUp?: ConsoleSetUp<Name>,
): ConsoleFile<Name>;
export function consoleForThisFile<Name extends string = never>(
  setUp: ConsoleSetUp<Name> = {},
): ConsoleFile<Name> {
  // Filled in as each part starts, so that afterAll stops what did.
  const file = {
    apis: [] as RunningApp[],
    enrol: (name: string, role: Role, address?: string) =>
      enrolOperator(file.db!.url, file.console_!, name, role, address),
    codeOf: (secret: string, stepsAhead?: number) => codeAt(file.console_!, secret, stepsAhead),
  } as Partial<ConsoleFile & { smtp: SmtpSink }> & { apis: RunningApp[] };
  beforeAll(async () => {
    const { db, smtp, settings } = setUp.mail
      ? await databaseAndMail(setUp.mail)
      : { db: await createMigratedDatabase(), smtp: undefined, settings: {} };
    Object.assign(file, { db, smtp, settings });
    for (const own of setUp.services ?? []) {
      file.apis.push(await startTestApp(db.url, { ...settings, ...own }));
    }
    Object.assign(file, {
      api: file.apis[0],
      console_: await startConsole(db.url, {
        ...settings,
        ...(setUp.mail ? { CONSOLE_ORIGIN: 'http://localhost:8081' } : {}),
        ...setUp.console,
      }),
    });
    for (const [name, role] of Object.entries<Role>(setUp.operators ?? {})) {
      Object.assign(file, { [name]: (await file.enrol!(name, role)).client });
    }
  }, 60_000);
  afterAll(() => stopApp(file.console_, ...[...file.apis].reverse(), file.smtp, file.db));
  return file as ConsoleFile<Name>;
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
  role: Role,
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
