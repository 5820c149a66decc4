import type { Command } from 'commander';
import { confirmOrStop, count, type LeadsContext } from '../leads-context.js';
import { emailAddress } from '../options.js';
import { printable } from '../output.js';

export function eraseCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('erase')
    .description('delete every submission from one address and all their notifications')
    .requiredOption('--email <address>', 'their email address (case does not matter)', emailAddress)
    .option('--yes', 'do not ask for confirmation')
    .action(async ({ email, yes }: { email: string; yes?: boolean }) => {
      const { removal } = await tools();
      const found = await removal.countByEmail(email);
      const question = `Erase ${count(found.submissions, 'submission')} and ${count(found.notifications, 'notification')} from ${printable(email)}? This cannot be undone.`;
      if (found.submissions > 0) await confirmOrStop(io, yes, question);
      // Recorded even when nothing was found: the request was answered.
      const removed = await removal.erase(email, actor);
      io.out(
        removed.submissions === 0
          ? `Nothing is held about ${printable(email)}; the request is recorded in the audit trail.\n`
          : `Erased ${count(removed.submissions, 'submission')} and ${count(removed.notifications, 'notification')} from ${printable(email)}.\n`,
      );
    });
}
