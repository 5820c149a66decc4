// The operators' `leads` command (docs/operating.md, "The leads command"):
// `node dist/src/entrypoints/leads.js`, `leads` in the container image, `make leads ARGS='…'` on a
// workstation. Same validated settings and TypeORM configuration as the service.
import { CommanderError } from 'commander';
import { hostname, userInfo } from 'node:os';
import { createInterface } from 'node:readline/promises';
import { DataSource } from 'typeorm';
import { LeadsError, type OperatorTools } from '../cli/leads-context.js';
import { leadsProgram } from '../cli/leads-program.js';
import { promiseRules } from '../leads/lead-promises.js';
import { operatorTools } from '../cli/operator-tools.js';
import { applyMigrations } from '../database/apply-migrations.js';
import { EnvironmentService } from '../config/environment.service.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { announcedChannels } from '../notifications/channels.js';
import { resolveDatabase, type ResolvedDatabase } from '../database/resolve-database.js';
import { describeFailure, readSettings } from './start-up.js';

let database: ResolvedDatabase | undefined;
let dataSource: DataSource | undefined;

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
  // An operator's purge or export may take longer than a request: the migrations' bound applies.
  dataSource = new DataSource(
    dataSourceOptions({ url: database.url, poolSize: 2, timeoutMs: env.MIGRATION_TIMEOUT_MS }),
  );
  await dataSource.initialize();
  const environment = new EnvironmentService(env, database.url);
  return operatorTools(dataSource, {
    consoleOrigin: env.CONSOLE_ORIGIN,
    rules: promiseRules(environment),
    channels: announcedChannels(environment),
    ssoIssuer: env.OIDC_ISSUER_URL,
  });
}

async function close(): Promise<void> {
  await dataSource?.destroy().catch(() => {});
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
