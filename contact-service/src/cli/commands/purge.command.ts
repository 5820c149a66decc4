import type { Command } from 'commander';
import { confirmOrStop, count, type LeadsContext } from '../leads-context.js';
import { positiveInt } from '../options.js';

export function purgeCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('purge')
    .description('delete every submission older than a number of days, with its notifications')
    .requiredOption('--older-than <days>', 'age in days', positiveInt('--older-than', 36_500))
    .option('--yes', 'do not ask for confirmation')
    .action(async ({ olderThan, yes }: { olderThan: number; yes?: boolean }) => {
      const { removal } = await tools();
      const found = await removal.countOlderThan(olderThan);
      const question = `Delete ${count(found.submissions, 'submission')} older than ${count(olderThan, 'day')}, with ${count(found.notifications, 'notification')}? This cannot be undone.`;
      if (found.submissions > 0) await confirmOrStop(io, yes, question);
      const removed = await removal.purge(olderThan, actor);
      io.out(
        `Purged ${count(removed.submissions, 'submission')} and ${count(removed.notifications, 'notification')} older than ${count(olderThan, 'day')}.\n`,
      );
    });
}
