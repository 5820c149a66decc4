import type { Command } from 'commander';
import type { AuditFilter } from '../../audit/audit-filter.js';
import { printRows, type LeadsContext } from '../leads-context.js';
import { limitOption } from '../options.js';
import { timestamp } from '../output.js';

const AUDIT_COLUMNS = ['at', 'command', 'rows', 'actor', 'subject', 'details'];

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
      printRows(
        io,
        records,
        { json: options.json, empty: 'No audit records.', columns: AUDIT_COLUMNS, width: 48 },
        (record) => ({
          ...record,
          at: timestamp(record.at),
          subject: record.subjectHash ? `${record.subjectHash.slice(0, 12)}…` : '',
          details: JSON.stringify(record.details),
        }),
      );
    });
}
