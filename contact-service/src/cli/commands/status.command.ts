import type { Command } from 'commander';
import { isUuid } from '../../leads/lead.js';
import { isStatus, STATUSES } from '../../leads/lead-status.js';
import { LeadsError, type LeadsContext } from '../leads-context.js';
import { printable } from '../output.js';

export function statusCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('status')
    .description('move a lead on in its workflow, as the console’s lead screen does')
    .argument('<id>', 'the lead’s id (from list)')
    .argument('<status>', STATUSES.join(', '))
    .action(async (id: string, status: string) => {
      if (!isUuid(id)) {
        throw new LeadsError(`${printable(id)} is not an id: ids look like 3f2b…-…, from list.`);
      }
      if (!isStatus(status)) {
        throw new LeadsError(`${printable(status)} is not a status: ${STATUSES.join(', ')}.`);
      }
      const lead = await (await tools()).inbox.setStatus(id, status, actor);
      const next = lead.next.map((s) => s.replaceAll('_', ' ')).join(' or ');
      io.out(`The lead is ${lead.status.replaceAll('_', ' ')}.${next ? ` Next: ${next}.` : ''}\n`);
    });
}
