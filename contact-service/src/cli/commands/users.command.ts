import { Argument, type Command } from 'commander';
import {
  AccountError,
  ENROLMENT_HOURS,
  ROLES,
  type Account,
  type Role,
} from '../../operators/accounts.js';
import { json, LeadsError, type LeadsContext, type OperatorTools } from '../leads-context.js';
import { table, timestamp } from '../output.js';

const roleArgument = () => new Argument('<role>', 'admin or member').choices(ROLES);

/**
 * `leads users`: the operators' accounts. There is no default account and no sign-up: an admin
 * adds each one, and its owner enrols through the printed link (a password and a second factor).
 */
export function usersCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  const users = program
    .command('users')
    .description('the operators’ accounts of the console: add, list, disable, reset, role');

  const run =
    <Args extends unknown[]>(work: (tools: OperatorTools, ...args: Args) => Promise<string>) =>
    async (...args: Args) => {
      try {
        io.out(await work(await tools(), ...args));
      } catch (error) {
        if (error instanceof AccountError) throw new LeadsError(error.message);
        throw error;
      }
    };

  users
    .command('add')
    .description('a new account; prints its one-time enrolment link')
    .argument('<name>', 'its username')
    .requiredOption('--role <role>', 'admin or member')
    .action(
      run(async ({ accounts, enrolmentLink }, name: string, { role }: { role: string }) => {
        if (!(ROLES as readonly string[]).includes(role)) {
          throw new AccountError('--role must be admin or member.');
        }
        const { account, token } = await accounts.add(name, role as Role, actor);
        return enrolled(account, enrolmentLink(token), 'added');
      }),
    );

  users
    .command('list')
    .description('every account, its role and state')
    .option('--json', 'JSON instead of a table')
    .action(
      run(async ({ accounts }, options: { json?: boolean }) => {
        const all = await accounts.list();
        if (options.json) return json(all);
        if (all.length === 0) return 'No accounts. Add one: leads users add NAME --role admin\n';
        return table(
          all.map((account) => ({
            ...account,
            state: stateOf(account),
            created: timestamp(account.createdAt),
          })),
          ['username', 'role', 'state', 'created'],
        );
      }),
    );

  users
    .command('disable')
    .description('refuses the account’s sign-ins and ends its sessions at once')
    .argument('<name>', 'its username')
    .action(
      run(async ({ accounts }, name: string) => {
        const account = await accounts.disable(name, actor);
        return `${account.username} is disabled; its sessions have ended.\n`;
      }),
    );

  users
    .command('enable')
    .description('lets a disabled account sign in again')
    .argument('<name>', 'its username')
    .action(
      run(async ({ accounts }, name: string) => {
        const account = await accounts.enable(name, actor);
        return `${account.username} can sign in again.\n`;
      }),
    );

  users
    .command('reset')
    .description('a new enrolment link: the owner sets a new password and second factor')
    .argument('<name>', 'its username')
    .action(
      run(async ({ accounts, enrolmentLink }, name: string) => {
        const { account, token } = await accounts.reset(name, actor);
        return enrolled(account, enrolmentLink(token), 'reset; its sessions have ended');
      }),
    );

  users
    .command('role')
    .description('changes the account’s role (its sessions end)')
    .argument('<name>', 'its username')
    .addArgument(roleArgument())
    .action(
      run(async ({ accounts }, name: string, role: Role) => {
        const account = await accounts.setRole(name, role, actor);
        return `${account.username} is now ${account.role === 'admin' ? 'an admin' : 'a member'}.\n`;
      }),
    );
}

function stateOf(account: Account): string {
  if (account.disabled) return 'disabled';
  return account.enrolled ? 'active' : 'waiting for enrolment';
}

function enrolled(account: Account, link: string, what: string): string {
  return [
    `${account.username} (${account.role}) ${what}.`,
    `Send this link to them through a channel you trust. It works once, for ${ENROLMENT_HOURS} hours:`,
    `  ${link}`,
    '',
  ].join('\n');
}
