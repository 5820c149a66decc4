import { Option, type Command } from 'commander';
import { exportLeads, type ExportFormat } from '../../inbox/lead-export.js';
import type { LeadsContext } from '../leads-context.js';
import { kindOption, sinceOption, spamOption, type ListOptions } from '../options.js';

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
    .action(async ({ format, ...filter }: ListOptions & { format: ExportFormat }) => {
      const { inbox, audit } = await tools();
      // The console's export too (inbox/lead-export.ts), audited when it ends.
      let exported = 0;
      for await (const piece of exportLeads(inbox, audit, { filter, format, actor }, (rows) => {
        exported = rows;
      })) {
        io.out(piece);
      }
      io.err(`Exported ${exported} lead${exported === 1 ? '' : 's'}.\n`);
    });
}
