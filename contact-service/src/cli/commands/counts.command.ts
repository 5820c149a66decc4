import type { Command } from 'commander';
import type { LeadsContext } from '../leads-context.js';

/**
 * The inbox's counts per status, as its header shows them (settled totals and the last day:
 * leads/lead-counts.ts); `--recount` first starts the settled totals over from every lead.
 */
export function countsCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('counts')
    .description("people's leads per status, as the inbox counts them")
    .option('--recount', 'count every lead again into the settled totals first')
    .action(async ({ recount }: { recount?: boolean }) => {
      const { inbox, recountLeads, audit } = await tools();
      if (recount) {
        await recountLeads();
        await audit.record({ command: 'counts recount', rows: 0, actor });
      }
      const counts = await inbox.counts({}, actor);
      for (const [status, n] of Object.entries(counts)) {
        io.out(`${status.replaceAll('_', ' ').padEnd(14)}${String(n).padStart(10)}\n`);
      }
      if (Object.keys(counts).length === 0) io.out('No leads.\n');
    });
}
