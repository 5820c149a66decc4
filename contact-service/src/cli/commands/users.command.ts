import { Argument, Option, type Command } from 'commander';
import { ENROLMENT_HOURS, type Account } from '../../operators/accounts.js';
import { ROLES, type Role } from '../../operators/user.entity.js';
import { json, LeadsError, type LeadsContext, type OperatorTools } from '../leads-context.js';
import { table, timestamp } from '../output.js';

/**
 * Runs a `users` sub-command and prints what it answers; a refusal is one line, exit code 1
 * (leads-program.ts).
 */
type Run = <Args extends unknown[]>(
  work: (tools: OperatorTools, ...args: Args) => Promise<string>,
) => (...args: Args) => Promise<void>;

/**
 * `leads users`: the operators' accounts. There is no default account and no sign-up: an admin
 * adds each one, and its owner enrols through the printed link (a password and a second factor).
 */
export function usersCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  const users = program
    .command('users')
    .description('the operators’ accounts of the console: add, list, disable, reset, role');
  const run: Run =
    (work) =>
    async (...args) =>
      io.out(await work(await tools(), ...args));
  addCommand(users, run, actor);
  listCommand(users, run);
  changeCommands(users, run, actor);
}

function addCommand(users: Command, run: Run, actor: string): void {
  users
    .command('add')
    .description('a new account; prints its one-time enrolment link')
    .argument('<name>', 'its username')
    .addOption(new Option('--role <role>', 'admin or member').choices(ROLES).makeOptionMandatory())
    .option(
      '--break-glass',
      'may sign in with a password when SSO_REQUIRED=true (each sign-in alerts the admins)',
    )
    .action(
      run(
        async (
          { accounts, enrolmentLink },
          name: string,
          { role, breakGlass }: { role: Role; breakGlass?: boolean },
        ) => {
          const { account, token } = await accounts.add(name, role, actor, { breakGlass });
          return enrolled(
            account,
            enrolmentLink(token),
            breakGlass ? 'added (break-glass)' : 'added',
          );
        },
      ),
    );
}

function listCommand(users: Command, run: Run): void {
  users
    .command('list')
    .description('every account, its role and state')
    .option('--json', 'JSON instead of a table')
    .action(
      run(async ({ accounts }, options: { json?: boolean }) => {
        const all = await accounts.list();
        if (options.json) return json(all);
        if (all.length === 0) return 'No accounts. Add one: leads users add NAME --role admin\n';
        const rows = all.map((account) => ({
          ...account,
          state: stateOf(account),
          created: timestamp(account.createdAt),
        }));
        return table(rows, ['username', 'role', 'state', 'created']);
      }),
    );
}

/** disable, enable, reset and role: each changes one account and ends its sessions. */
function changeCommands(users: Command, run: Run, actor: string): void {
  const name = () => new Argument('<name>', 'its username');
  users
    .command('disable')
    .description('refuses the account’s sign-ins and ends its sessions at once')
    .addArgument(name())
    .action(
      run(async ({ accounts }, who: string) => {
        const account = await accounts.disable(who, actor);
        return `${account.username} is disabled; its sessions have ended.\n`;
      }),
    );
  users
    .command('enable')
    .description('lets a disabled account sign in again')
    .addArgument(name())
    .action(
      run(async ({ accounts }, who: string) => {
        return `${(await accounts.enable(who, actor)).username} can sign in again.\n`;
      }),
    );
  users
    .command('reset')
    .description('a new enrolment link: the owner sets a new password and second factor')
    .addArgument(name())
    .action(
      run(async ({ accounts, enrolmentLink }, who: string) => {
        const { account, token } = await accounts.reset(who, actor);
        return enrolled(account, enrolmentLink(token), 'reset; its sessions have ended');
      }),
    );
  users
    .command('link')
    .description('links the account to its user at the identity provider (single sign-on)')
    .addArgument(name())
    .requiredOption('--subject <sub>', 'the provider’s id of the user (the ID token’s sub)')
    .option('--issuer <url>', 'the provider’s issuer (default: OIDC_ISSUER_URL)')
    .action(
      run(
        async (
          { accounts, ssoIssuer },
          who: string,
          options: { subject: string; issuer?: string },
        ) => {
          const issuer = options.issuer ?? ssoIssuer;
          if (!issuer) {
            throw new LeadsError(
              'Give --issuer, or set OIDC_ISSUER_URL: the provider the subject belongs to.',
            );
          }
          const account = await accounts.link(who, issuer, options.subject, actor);
          const host = new URL(issuer).host;
          return account.breakGlass
            ? `${account.username} is linked to the provider’s user; it signs in through ${host} now, and, as a break-glass account, still with its password and second factor when the provider is down. Its sessions have ended.\n`
            : `${account.username} is linked to the provider’s user; it signs in through ${host} only now: its password, authenticator, recovery codes and passkeys are removed, and its sessions have ended.\n`;
        },
      ),
    );
  users
    .command('role')
    .description('changes the account’s role (its sessions end)')
    .addArgument(name())
    .addArgument(new Argument('<role>', 'admin or member').choices(ROLES))
    .action(
      run(async ({ accounts }, who: string, role: Role) => {
        const account = await accounts.setRole(who, role, actor);
        return `${account.username} is now ${account.role === 'admin' ? 'an admin' : 'a member'}.\n`;
      }),
    );
}

function stateOf(account: Account): string {
  if (account.disabled) return 'disabled';
  if (account.linked) return 'single sign-on';
  const state = account.enrolled ? 'active' : 'waiting for enrolment';
  return account.breakGlass ? `${state}, break-glass` : state;
}

function enrolled(account: Account, link: string, what: string): string {
  return [
    `${account.username} (${account.role}) ${what}.`,
    `Send this link to them through a channel you trust. It works once, for ${ENROLMENT_HOURS} hours:`,
    `  ${link}`,
    '',
  ].join('\n');
}
