import type { Command } from 'commander';
import type { LeadRecord } from '../../leads/lead.js';
import { json, LeadsError, type LeadsContext } from '../leads-context.js';
import { deliveryTable, printable, timestamp } from '../output.js';

export function showCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('show')
    .description('every field of one lead, and the delivery state of each notification')
    .argument('<id>', 'the lead’s id (from list)')
    .option('--json', 'JSON instead of text')
    .action(async (id: string, options: { json?: boolean }) => {
      const { leads, audit } = await tools();
      const lead = await leads.find(id);
      if (!lead) throw new LeadsError(`No lead has the id ${printable(id)}.`);
      // One person's data was read: recorded with their address's keyed hash, never the address.
      await audit.record({ command: 'show', rows: 1, actor, email: lead.email });
      if (options.json) return io.out(json(lead));
      io.out(describeLead(lead));
      io.out(
        lead.notifications.length === 0
          ? '\nNo notifications.\n'
          : `\nNotifications:\n${deliveryTable(lead.notifications)}`,
      );
    });
}

/** Every field on a line of its own; the message indented, its line breaks kept. */
function describeLead(lead: LeadRecord): string {
  const fields: [string, string][] = [
    ['id', lead.id],
    ['received', timestamp(lead.createdAt)],
    ['kind', lead.kind],
    ['name', lead.name],
    ['email', lead.email],
    ['company', lead.company],
    ['role', lead.role],
  ];
  if (lead.spamReason) fields.push(['suspected spam', lead.spamReason]);
  const lines = fields.map(([label, value]) => `${`${label}:`.padEnd(16)}${printable(value)}`);
  const message = lead.message ?? '(none)';
  lines.push(
    'message:',
    ...printable(message, { keepLineBreaks: true })
      .split('\n')
      .map((l) => `  ${l}`),
  );
  return lines.join('\n') + '\n';
}
