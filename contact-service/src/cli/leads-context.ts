import type { AuditTrail } from '../audit/audit-trail.js';
import type { Inbox } from '../inbox/inbox.js';
import type { Accounts } from '../operators/accounts.js';
import type { LeadRemoval } from '../leads/lead-removal.js';
import type { LeadsStore } from '../leads/leads.store.js';
import type { Redelivery } from '../notifications/redelivery.js';
import { table } from './output.js';

/** Where a command writes and how it asks; the terminal in entrypoints/leads.ts, buffers in tests. */
export interface LeadsIo {
  out(text: string): void;
  err(text: string): void;
  /** Whether a person can answer a question (standard input is a terminal). */
  interactive: boolean;
  confirm(question: string): Promise<boolean>;
}

/** The operations the commands are made of (operator-tools.ts makes them). */
export interface OperatorTools {
  /** The inbox's operations, the console's too (inbox/inbox.ts). */
  inbox: Inbox;
  leads: LeadsStore;
  removal: LeadRemoval;
  redelivery: Redelivery;
  audit: AuditTrail;
  accounts: Accounts;
  /** OIDC_ISSUER_URL, when single sign-on is configured. */
  ssoIssuer?: string;
  /** Starts the inbox's settled counts over from every lead (leads/lead-counts.ts). */
  recountLeads(): Promise<void>;
  /** The link that enrols an account, from its token: CONSOLE_ORIGIN/console/enrol#token. */
  enrolmentLink(token: string): string;
}

export interface LeadsContext {
  /** Connects on first use, so `--help` needs no database. */
  tools(): Promise<OperatorTools>;
  /** Who runs the command, as far as the environment tells: for the audit trail. */
  actor: string;
  io: LeadsIo;
}

/** A command that could not do what was asked: its message is printed, the exit code is 1. */
export class LeadsError extends Error {}

export const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/**
 * A list command's answer: its rows as JSON with --json; otherwise `empty` when there are none,
 * or the rows as a table (`table` in output.ts), each row first shown by `show`.
 */
export function printRows<T>(
  io: LeadsIo,
  rows: T[],
  options: { json?: boolean; empty: string; columns: string[]; width: number },
  show: (row: T) => Record<string, unknown>,
): void {
  if (options.json) io.out(json(rows));
  else if (rows.length === 0) io.out(`${options.empty}\n`);
  else io.out(table(rows.map(show), options.columns, options.width));
}

/** "1 lead", "2 leads". */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Asks before a change that cannot be undone; only --yes answers for a script. */
export async function confirmOrStop(io: LeadsIo, yes: boolean | undefined, question: string) {
  if (yes) return;
  if (!io.interactive) {
    throw new LeadsError(
      `${question}\nNot confirmed: standard input is not a terminal, so run it again with --yes.`,
    );
  }
  if (!(await io.confirm(`${question} [y/N] `))) throw new LeadsError('Nothing was changed.');
}
