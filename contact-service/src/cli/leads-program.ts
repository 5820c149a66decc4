import { Command, InvalidArgumentError, Option } from 'commander';
import { isUuid, type LeadsStore, type StoredLead } from '../leads/leads.store.js';
import { CSV_BOM, csvRecord, printable, table, timestamp } from './output.js';

/** Where a command writes and how it asks; the terminal in leads.ts, buffers in the tests. */
export interface LeadsIo {
  out(text: string): void;
  err(text: string): void;
  /** Whether a person can answer a question (standard input is a terminal). */
  interactive: boolean;
  confirm(question: string): Promise<boolean>;
}

export interface LeadsContext {
  /** Connects on first use, so `--help` needs no database. */
  store(): Promise<LeadsStore>;
  /** Who runs the command, as far as the environment tells: for the audit trail. */
  actor: string;
  io: LeadsIo;
}

/** A command that could not do what was asked: its message is printed, the exit code is 1. */
export class LeadsError extends Error {}

const positiveInt = (what: string, max: number) => (value: string) => {
  if (!/^\d+$/.test(value) || +value < 1 || +value > max) {
    throw new InvalidArgumentError(`${what} must be a whole number from 1 to ${max}.`);
  }
  return +value;
};

const date = (value: string) => {
  const parsed = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || isNaN(+parsed)) {
    throw new InvalidArgumentError('must be a date such as 2026-11-01 (UTC) or 2026-11-01T09:30Z.');
  }
  return parsed;
};

const emailAddress = (value: string) => {
  const trimmed = value.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed)) {
    throw new InvalidArgumentError('must be an email address such as jane@bank.example.');
  }
  return trimmed;
};

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/**
 * The `leads` command: operators read, export and erase submissions and see and replay their
 * notifications (README.md, "Operating the stack"). Tables are for people; --json and
 * --format are for programs. Every command that reads personal data in bulk or changes data
 * leaves an audit record (LeadsStore).
 */
export function leadsProgram({ store, actor, io }: LeadsContext): Command {
  const program = new Command('leads')
    .description('Read, export and erase the leads the contact form stored.')
    .showHelpAfterError('(run with --help for the commands and their options)')
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride();

  const sinceOption = () =>
    new Option('--since <date>', 'only leads received on or after this date').argParser(date);
  const kindOption = () =>
    new Option('--kind <kind>', 'contact requests or accessibility feedback').choices([
      'contact',
      'accessibility',
    ]);
  const spamOption = () => new Option('--spam', 'suspected spam instead of people’s leads');

  program
    .command('list')
    .description('the newest leads, one line each, with where their notifications stand')
    .addOption(sinceOption())
    .addOption(kindOption())
    .addOption(spamOption())
    .addOption(
      new Option('--limit <n>', 'at most this many').argParser(positiveInt('--limit', 10_000)),
    )
    .option('--json', 'JSON instead of a table')
    .action(async (options: ListOptions & { limit?: number; json?: boolean }) => {
      const leads = await (await store()).list(options);
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

  program
    .command('show')
    .description('every field of one lead, and the delivery state of each notification')
    .argument('<id>', 'the lead’s id (from list)')
    .option('--json', 'JSON instead of text')
    .action(async (id: string, options: { json?: boolean }) => {
      const lead = await (await store()).find(id);
      if (!lead) throw new LeadsError(`No lead has the id ${printable(id)}.`);
      if (options.json) return io.out(json(lead));
      io.out(describeLead(lead));
      io.out(
        lead.notifications.length === 0
          ? '\nNo notifications.\n'
          : `\nNotifications:\n${deliveryTable(lead.notifications)}`,
      );
    });

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
      const leads = await store();
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
      await leads.recordRead('export', rows, actor);
      io.err(`Exported ${rows} lead${rows === 1 ? '' : 's'}.\n`);
    });

  program
    .command('access')
    .description('everything held about one person, as JSON (a GDPR access or portability request)')
    .requiredOption('--email <address>', 'their email address (case does not matter)', emailAddress)
    .action(async ({ email }: { email: string }) => {
      const leads = await store();
      const submissions = await leads.access(email);
      await leads.recordRead('access', submissions.length, actor, email);
      io.out(json({ email, generatedAt: new Date(), submissions }));
    });

  program
    .command('erase')
    .description('delete every submission from one address and all their notifications')
    .requiredOption('--email <address>', 'their email address (case does not matter)', emailAddress)
    .option('--yes', 'do not ask for confirmation')
    .action(async ({ email, yes }: { email: string; yes?: boolean }) => {
      const leads = await store();
      const found = await leads.countByEmail(email);
      if (found.submissions > 0) {
        await confirmOrStop(
          io,
          yes,
          `Erase ${count(found.submissions, 'submission')} and ${count(found.notifications, 'notification')} from ${printable(email)}? This cannot be undone.`,
        );
      }
      // Recorded even when nothing was found: the request was answered.
      const removed = await leads.erase(email, actor);
      io.out(
        removed.submissions === 0
          ? `Nothing is held about ${printable(email)}; the request is recorded in the audit trail.\n`
          : `Erased ${count(removed.submissions, 'submission')} and ${count(removed.notifications, 'notification')} from ${printable(email)}.\n`,
      );
    });

  program
    .command('purge')
    .description('delete every submission older than a number of days, with its notifications')
    .requiredOption('--older-than <days>', 'age in days', positiveInt('--older-than', 36_500))
    .option('--yes', 'do not ask for confirmation')
    .action(async ({ olderThan, yes }: { olderThan: number; yes?: boolean }) => {
      const leads = await store();
      const found = await leads.countOlderThan(olderThan);
      if (found.submissions > 0) {
        await confirmOrStop(
          io,
          yes,
          `Delete ${count(found.submissions, 'submission')} older than ${count(olderThan, 'day')}, with ${count(found.notifications, 'notification')}? This cannot be undone.`,
        );
      }
      const removed = await leads.purge(olderThan, actor);
      io.out(
        `Purged ${count(removed.submissions, 'submission')} and ${count(removed.notifications, 'notification')} older than ${count(olderThan, 'day')}.\n`,
      );
    });

  program
    .command('notifications')
    .description('the newest notifications and where each stands (pending, sent, failed)')
    .option('--failed', 'only those that failed for good')
    .option('--pending', 'only those still waiting to be delivered')
    .addOption(
      new Option('--limit <n>', 'at most this many').argParser(positiveInt('--limit', 10_000)),
    )
    .option('--json', 'JSON instead of a table')
    .action(
      async (options: { failed?: boolean; pending?: boolean; limit?: number; json?: boolean }) => {
        if (options.failed && options.pending) {
          throw new LeadsError('Choose --failed or --pending, not both.');
        }
        const status = options.failed ? 'failed' : options.pending ? 'pending' : undefined;
        const deliveries = await (await store()).deliveries({ status, limit: options.limit });
        if (options.json) return io.out(json(deliveries));
        io.out(deliveries.length === 0 ? 'No notifications.\n' : deliveryTable(deliveries));
      },
    );

  program
    .command('retry')
    .description('deliver failed notifications again, with a fresh retry budget')
    .argument('[id]', 'a notification’s id, or a lead’s id for all of its failed notifications')
    .option('--failed', 'every failed notification')
    .action(async (id: string | undefined, { failed }: { failed?: boolean }) => {
      if ((id === undefined) === !failed) {
        throw new LeadsError('Give the id of a notification or a lead, or --failed for all.');
      }
      if (id !== undefined && !isUuid(id)) {
        throw new LeadsError(`${printable(id)} is not an id: ids look like 3f2b…-…, from list.`);
      }
      const retried = await (await store()).retry(id, actor);
      io.out(
        retried.length === 0
          ? 'No failed notification matched: nothing to retry.\n'
          : `${count(retried.length, 'notification')} queued again:\n${deliveryTable(retried)}`,
      );
    });

  program
    .command('audit')
    .description('the audit trail: who exported, erased, purged or retried, when, and how much')
    .option('--email <address>', 'only records about this address (matched by its keyed hash)')
    .addOption(
      new Option('--limit <n>', 'at most this many').argParser(positiveInt('--limit', 10_000)),
    )
    .option('--json', 'JSON instead of a table')
    .action(async (options: { email?: string; limit?: number; json?: boolean }) => {
      const records = await (await store()).auditTrail(options);
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

  return program;
}

interface ListOptions {
  since?: Date;
  kind?: 'contact' | 'accessibility';
  spam?: boolean;
}

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

function exportRow(lead: StoredLead): (string | null)[] {
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

function describeLead(lead: StoredLead): string {
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

function deliveryTable(deliveries: Awaited<ReturnType<LeadsStore['deliveries']>>): string {
  return table(
    deliveries.map((delivery) => ({
      ...delivery,
      lead: delivery.submissionId,
      updated: timestamp(delivery.updatedAt),
      sent: timestamp(delivery.sentAt),
      'last error': delivery.lastError,
    })),
    ['id', 'lead', 'channel', 'status', 'attempts', 'updated', 'sent', 'last error'],
    60,
  );
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

async function confirmOrStop(io: LeadsIo, yes: boolean | undefined, question: string) {
  if (yes) return;
  if (!io.interactive) {
    throw new LeadsError(
      `${question}\nNot confirmed: standard input is not a terminal, so run it again with --yes.`,
    );
  }
  if (!(await io.confirm(`${question} [y/N] `))) throw new LeadsError('Nothing was changed.');
}
