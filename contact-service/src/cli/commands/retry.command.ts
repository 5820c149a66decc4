import type { Command } from 'commander';
import { isUuid } from '../../leads/lead.js';
import { count, LeadsError, type LeadsContext } from '../leads-context.js';
import { deliveryTable, printable } from '../output.js';

export function retryCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('retry')
    .description('deliver failed notifications again, with a fresh retry budget')
    .argument('[id]', 'a notification’s id, or a lead’s id for all of its failed notifications')
    .option('--failed', 'every failed notification')
    .action(async (id: string | undefined, { failed }: { failed?: boolean }) => {
      if ((id === undefined) === !failed) {
        throw new LeadsError('Give the id of a notification or a lead, or --failed for all.');
      }
      if (id !== undefined && !isUuid(id)) {
        throw new LeadsError(`${printable(id)} is not an id: ids look like 3f2b…-…, from list.`);
      }
      const retried = await (await tools()).redelivery.retry(id, actor);
      io.out(
        retried.length === 0
          ? 'No failed notification matched: nothing to retry.\n'
          : `${count(retried.length, 'notification')} queued again:\n${deliveryTable(retried)}`,
      );
    });
}
