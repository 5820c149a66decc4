import type { Command } from 'commander';
import { json, type LeadsContext } from '../leads-context.js';
import { kindOption, limitOption, sinceOption, spamOption, type ListOptions } from '../options.js';
import { table, timestamp } from '../output.js';

export function listCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('list')
    .description('the newest leads, one line each, with where their notifications stand')
    .addOption(sinceOption())
    .addOption(kindOption())
    .addOption(spamOption())
    .addOption(limitOption())
    .option('--json', 'JSON instead of a table')
    .action(async (options: ListOptions & { limit?: number; json?: boolean }) => {
      const { leads: store, audit } = await tools();
      const leads = await store.list(options);
      // Names, companies and addresses were read: the audit trail says who, when and how many.
      await audit.record({
        command: 'list',
        rows: leads.length,
        actor,
        details: { kind: options.kind ?? 'all', spam: options.spam ?? false },
      });
      if (options.json) return io.out(json(leads));
      if (leads.length === 0) return io.out('No leads.\n');
      io.out(
        table(
          leads.map((lead) => ({ ...lead, received: timestamp(lead.createdAt) })),
          ['received', 'id', 'kind', 'name', 'company', 'role', 'email', 'delivery'],
          36,
        ),
      );
    });
}
