import type { Command } from 'commander';
import { isUuid } from '../../leads/lead.js';
import { isStatus, STATUSES } from '../../leads/lead-status.js';
import { LeadsError, type LeadsContext } from '../leads-context.js';
import { isDay } from '../../http/query-fields.js';
import { printable } from '../output.js';

export function statusCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('status')
    .description('move a lead on in its workflow, as the console’s lead screen does')
    .argument('<id>', 'the lead’s id (from list)')
    .argument('<status>', STATUSES.join(', '))
    .option(
      '--plan <text>',
      'accessibility feedback, assessed: what will be done (its sender is told)',
    )
    .option('--date <YYYY-MM-DD>', 'accessibility feedback, assessed: the plan’s date')
    .option('--reason <text>', 'accessibility feedback, wont_fix: why (its sender is told)')
    .action(
      async (
        id: string,
        status: string,
        options: { plan?: string; date?: string; reason?: string },
      ) => {
        if (!isUuid(id)) {
          throw new LeadsError(`${printable(id)} is not an id: ids look like 3f2b…-…, from list.`);
        }
        if (!isStatus(status)) {
          throw new LeadsError(`${printable(status)} is not a status: ${STATUSES.join(', ')}.`);
        }
        if (options.date !== undefined && !isDay(options.date)) {
          throw new LeadsError(`${printable(options.date)} is not a date: give it as YYYY-MM-DD.`);
        }
        const answer = { plan: options.plan, plannedFor: options.date, reason: options.reason };
        const lead = await (await tools()).inbox.setStatus(id, status, actor, answer);
        const next = lead.next.map((s) => s.replaceAll('_', ' ')).join(' or ');
        io.out(
          `The lead is ${lead.status.replaceAll('_', ' ')}.${next ? ` Next: ${next}.` : ''}\n`,
        );
      },
    );
}
