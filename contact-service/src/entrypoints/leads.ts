// The operators' `leads` command (docs/operating.md, "The leads command"):
// `node dist/src/entrypoints/leads.js`, `leads` in the container image, `make leads ARGS='…'` on a
// workstation. Same validated settings, TypeORM configuration and classes as the service: its
// application context is app/leads-command.module.ts.
import type { INestApplicationContext } from '@nestjs/common';
import { CommanderError } from 'commander';
import { hostname, userInfo } from 'node:os';
import { createInterface } from 'node:readline/promises';
import { leadsCommandContext } from '../app/leads-command.module.js';
import { LeadsError, type OperatorTools } from '../cli/leads-context.js';
import { leadsProgram } from '../cli/leads-program.js';
import { operatorTools } from '../cli/operator-tools.js';
import { EnvironmentService } from '../config/environment.service.js';
import { applyMigrations } from '../database/apply-migrations.js';
import { resolveDatabase, type ResolvedDatabase } from '../database/resolve-database.js';
import { describeFailure, readSettings } from './start-up.js';

let database: ResolvedDatabase | undefined;
let app: INestApplicationContext | undefined;

/** The user running the command and the machine (in a container: its id), for the audit trail. */
function actor(): string {
  let user = process.env.SUDO_USER ?? process.env.USER ?? process.env.LOGNAME;
  try {
    user ??= userInfo().username;
  } catch {
    user ??= `uid ${process.getuid?.() ?? '?'}`;
  }
  return `${user}@${hostname()}`;
}

async function tools(): Promise<OperatorTools> {
  const env = readSettings();
  database = await resolveDatabase(env, { shareRunning: true });
  await applyMigrations(database.url, { timeoutMs: env.MIGRATION_TIMEOUT_MS });
  app = await leadsCommandContext(new EnvironmentService(env, database.url));
  return operatorTools(app);
}

async function close(): Promise<void> {
  await app?.close().catch(() => {});
  await database?.stop?.().catch(() => {});
}

async function main(): Promise<number> {
  const program = leadsProgram({
    tools,
    actor: actor(),
    io: {
      out: (text) => void process.stdout.write(text),
      err: (text) => void process.stderr.write(text),
      interactive: Boolean(process.stdin.isTTY),
      async confirm(question) {
        const prompt = createInterface({ input: process.stdin, output: process.stderr });
        try {
          return /^y(es)?$/i.test((await prompt.question(question)).trim());
        } finally {
          prompt.close();
        }
      },
    },
  });
  try {
    await program.parseAsync(process.argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof LeadsError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`${describeFailure(error, 'leads failed')}\n`);
    return 1;
  } finally {
    await close();
  }
}

// Output to a pipe that closes early (`leads export | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = await main();
