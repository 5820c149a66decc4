import type { Command } from 'commander';
import type { OpenedLead } from '../../inbox/inbox.js';
import { attributionLines } from '../../leads/attribution.js';
import { attributionOf } from '../../leads/lead.js';
import { json, type LeadsContext } from '../leads-context.js';
import { deliveryTable, printable, timestamp } from '../output.js';

export function showCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('show')
    .description('every field of one lead, its status, notes and notifications')
    .argument('<id>', 'the lead’s id (from list)')
    .option('--json', 'JSON instead of text')
    .action(async (id: string, options: { json?: boolean }) => {
      // The console's lead screen's own read (inbox/inbox.ts): audited with the person's keyed
      // hash, never the address, and the lead marked read.
      const lead = await (await tools()).inbox.open(id, actor);
      if (options.json) return io.out(json(lead));
      io.out(describeLead(lead));
      io.out(
        lead.notifications.length === 0
          ? '\nNo notifications.\n'
          : `\nNotifications:\n${deliveryTable(lead.notifications)}`,
      );
      for (const note of lead.notes) {
        io.out(`\nNote by ${printable(note.author)}, ${timestamp(note.at)}:\n`);
        io.out(indent(printable(note.body, { keepLineBreaks: true })));
      }
    });
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n') + '\n';

/** Every field on a line of its own; the message indented, its line breaks kept. */
function describeLead(lead: OpenedLead): string {
  const fields: [string, string][] = [
    ['id', lead.id],
    ['received', timestamp(lead.createdAt)],
    ['kind', lead.kind],
    ['status', lead.status.replaceAll('_', ' ')],
    ['owner', lead.owner ?? '(nobody: the team)'],
    ['name', lead.name],
    ['email', lead.email],
    ['company', lead.company],
    ['role', lead.role],
  ];
  if (lead.due) {
    const overdue = lead.due.overdue ? ' (overdue)' : lead.due.soon ? ' (due soon)' : '';
    fields.push([`${lead.due.step} by`, `${timestamp(lead.due.at)}${overdue}`]);
  }
  if (lead.meeting) {
    // The call booked through the scheduler (leads/lead-meeting.ts), in the command's UTC.
    const { status, startsAt, endsAt, host, scheduler } = lead.meeting;
    const withHost = host ? ` with ${host}` : '';
    fields.push([
      'meeting',
      `${status} ${timestamp(new Date(startsAt))} to ${timestamp(new Date(endsAt))}${withHost} (${scheduler})`,
    ]);
  }
  if (lead.spamReason) fields.push(['suspected spam', lead.spamReason]);
  fields.push(...attributionLines(attributionOf(lead)));
  const lines = fields.map(([label, value]) => `${`${label}:`.padEnd(16)}${printable(value)}`);
  lines.push('message:', indent(printable(lead.message ?? '(none)', { keepLineBreaks: true })));
  return lines.join('\n');
}
