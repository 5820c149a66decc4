import type { Command } from 'commander';
import type { AuditFilter } from '../../audit/audit-trail.js';
import { json, type LeadsContext } from '../leads-context.js';
import { limitOption } from '../options.js';
import { table, timestamp } from '../output.js';

export function auditCommand(program: Command, { tools, io }: LeadsContext): void {
  program
    .command('audit')
    .description('the audit trail: who exported, erased, purged or retried, when, and how much')
    .option('--email <address>', 'only records about this address (matched by its keyed hash)')
    .option('--command <name>', 'only records of this command, e.g. "users add" or erase')
    .option('--actor <name>', 'only records of this actor: a username, or user@host')
    .addOption(limitOption())
    .option('--json', 'JSON instead of a table')
    .action(async (options: AuditFilter & { limit?: number; json?: boolean }) => {
      const { email, command, actor, limit } = options;
      const records = await (await tools()).audit.list({ email, command, actor, limit });
      if (options.json) return io.out(json(records));
      if (records.length === 0) return io.out('No audit records.\n');
      io.out(
        table(
          records.map((record) => ({
            ...record,
            at: timestamp(record.at),
            subject: record.subjectHash ? `${record.subjectHash.slice(0, 12)}…` : '',
            details: JSON.stringify(record.details),
          })),
          ['at', 'command', 'rows', 'actor', 'subject', 'details'],
          48,
        ),
      );
    });
}
