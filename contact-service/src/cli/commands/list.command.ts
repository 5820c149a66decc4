import type { Command } from 'commander';
import { printRows, type LeadsContext } from '../leads-context.js';
import { kindOption, limitOption, sinceOption, spamOption, type ListOptions } from '../options.js';
import { timestamp } from '../output.js';

const LIST_COLUMNS = [
  'received',
  'id',
  'kind',
  'status',
  'name',
  'company',
  'role',
  'due',
  'delivery',
];

export function listCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('list')
    .description('the newest leads, one line each, as the console’s inbox lists them')
    .addOption(sinceOption())
    .addOption(kindOption())
    .addOption(spamOption())
    .addOption(limitOption())
    .option('--json', 'JSON instead of a table')
    .action(async ({ limit, json: asJson, ...filter }: ListOptions & ListFlags) => {
      // The inbox's own page (inbox/inbox.ts), audited there: who, when, which filter, how many.
      const { leads } = await (await tools()).inbox.page(filter, undefined, actor, limit);
      printRows(
        io,
        leads,
        { json: asJson, empty: 'No leads.', columns: LIST_COLUMNS, width: 36 },
        (lead) => ({
          ...lead,
          received: timestamp(lead.receivedAt),
          status: lead.status.replaceAll('_', ' ') + (lead.unread ? ' (unread)' : ''),
          due: lead.due ? `${lead.due.overdue ? 'OVERDUE ' : ''}${timestamp(lead.due.at)}` : '',
          delivery: lead.deliveryFailed ? 'failed' : '',
        }),
      );
    });
}

interface ListFlags {
  limit?: number;
  json?: boolean;
}
