import { Command } from 'commander';
import { accessCommand } from './commands/access.command.js';
import { auditCommand } from './commands/audit.command.js';
import { eraseCommand } from './commands/erase.command.js';
import { exportCommand } from './commands/export.command.js';
import { listCommand } from './commands/list.command.js';
import { notificationsCommand } from './commands/notifications.command.js';
import { purgeCommand } from './commands/purge.command.js';
import { countsCommand } from './commands/counts.command.js';
import { retryCommand } from './commands/retry.command.js';
import { showCommand } from './commands/show.command.js';
import { statusCommand } from './commands/status.command.js';
import { usersCommand } from './commands/users.command.js';
import { Refusal } from '../http/refusal.js';
import { LeadsError, type LeadsContext } from './leads-context.js';

/**
 * A command of `leads` and each of its sub-commands: what the product's rules refuse while an
 * action runs (http/refusal.ts: the inbox's, an account's…) is the command's error, one place for
 * all of them: its message printed, exit code 1 (LeadsError), as the console words it.
 */
class LeadsCommand extends Command {
  override createCommand(name?: string): Command {
    return new LeadsCommand(name);
  }

  override action(fn: Parameters<Command['action']>[0]): this {
    return super.action(async (...args: unknown[]) => {
      try {
        await fn.apply(this, args);
      } catch (error) {
        throw error instanceof Refusal ? new LeadsError(error.message) : error;
      }
    });
  }
}

/**
 * The `leads` command: operators read, export and erase submissions and see and replay their
 * notifications (docs/operating.md, "The leads command"), one file per sub-command in commands/.
 * Tables are for people; --json and --format are for programs. Every command that reads personal
 * data in bulk or changes data leaves an audit record (audit/audit-trail.ts).
 */
export function leadsProgram(context: LeadsContext): Command {
  const program = new LeadsCommand('leads')
    .description(
      'Read, export and erase the leads the contact form stored; manage the console’s accounts.',
    )
    .showHelpAfterError('(run with --help for the commands and their options)')
    .configureOutput({ writeOut: context.io.out, writeErr: context.io.err })
    .exitOverride();
  for (const command of [
    listCommand,
    showCommand,
    statusCommand,
    exportCommand,
    accessCommand,
    eraseCommand,
    purgeCommand,
    countsCommand,
    notificationsCommand,
    retryCommand,
    auditCommand,
    usersCommand,
  ]) {
    command(program, context);
  }
  return program;
}
