import { Option, type Command } from 'commander';
import type { LeadRecord } from '../../leads/lead.js';
import type { LeadsContext } from '../leads-context.js';
import { kindOption, sinceOption, spamOption, type ListOptions } from '../options.js';
import { CSV_BOM, csvRecord } from '../output.js';

export const EXPORT_COLUMNS = [
  'id',
  'received',
  'kind',
  'name',
  'email',
  'company',
  'role',
  'message',
  'spam_reason',
] as const;

function exportRow(lead: LeadRecord): (string | null)[] {
  return [
    lead.id,
    lead.createdAt.toISOString(),
    lead.kind,
    lead.name,
    lead.email,
    lead.company,
    lead.role,
    lead.message,
    lead.spamReason,
  ];
}

export function exportCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('export')
    .description('every lead to standard output, oldest first, as CSV (safe in Excel) or JSON')
    .addOption(
      new Option('--format <format>', 'csv or json').choices(['csv', 'json']).default('csv'),
    )
    .addOption(sinceOption())
    .addOption(kindOption())
    .addOption(spamOption())
    .action(async (options: ListOptions & { format: 'csv' | 'json' }) => {
      const { leads, audit } = await tools();
      let rows = 0;
      if (options.format === 'csv') {
        io.out(CSV_BOM + csvRecord([...EXPORT_COLUMNS]));
        for await (const lead of leads.each(options)) {
          io.out(csvRecord(exportRow(lead)));
          rows++;
        }
      } else {
        io.out('[');
        for await (const lead of leads.each(options)) {
          io.out(`${rows === 0 ? '\n' : ',\n'}  ${JSON.stringify(lead)}`);
          rows++;
        }
        io.out(rows === 0 ? ']\n' : '\n]\n');
      }
      await audit.record({ command: 'export', rows, actor });
      io.err(`Exported ${rows} lead${rows === 1 ? '' : 's'}.\n`);
    });
}
