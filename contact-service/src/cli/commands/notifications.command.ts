import type { Command } from 'commander';
import { json, LeadsError, type LeadsContext } from '../leads-context.js';
import { limitOption } from '../options.js';
import { deliveryTable } from '../output.js';

interface Options {
  failed?: boolean;
  pending?: boolean;
  limit?: number;
  json?: boolean;
}

export function notificationsCommand(program: Command, { tools, io }: LeadsContext): void {
  program
    .command('notifications')
    .description('the newest notifications and where each stands (pending, sent, failed)')
    .option('--failed', 'only those that failed for good')
    .option('--pending', 'only those still waiting to be delivered')
    .addOption(limitOption())
    .option('--json', 'JSON instead of a table')
    .action(async (options: Options) => {
      if (options.failed && options.pending) {
        throw new LeadsError('Choose --failed or --pending, not both.');
      }
      const status = options.failed ? 'failed' : options.pending ? 'pending' : undefined;
      const deliveries = await (await tools()).leads.deliveries({ status, limit: options.limit });
      if (options.json) return io.out(json(deliveries));
      io.out(deliveries.length === 0 ? 'No notifications.\n' : deliveryTable(deliveries));
    });
}
