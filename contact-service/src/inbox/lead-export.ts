import { stringify } from 'csv-stringify/sync';
import type { AuditTrail } from '../audit/audit-trail.js';
import { ATTRIBUTION_COLUMNS } from '../leads/lead.js';
import { filterDetails, type InboxFilter } from './inbox-filter.js';
import type { Inbox } from './inbox.js';
import type { InboxLead } from './inbox.store.js';

export type ExportFormat = 'csv' | 'json';

export const EXPORT_COLUMNS = [
  'id',
  'received',
  'kind',
  'status',
  'name',
  'email',
  'company',
  'role',
  'message',
  'spam_reason',
  // What brought it (leads/attribution.ts): empty for a lead with none recorded.
  ...ATTRIBUTION_COLUMNS,
] as const;

/**
 * Spreadsheets run a cell that begins with one of these as a formula (OWASP, "CSV Injection"),
 * fullwidth forms included, and some trim the spaces and line breaks before it first (a message
 * that starts with a blank line); such a cell gets a leading apostrophe, which shows it as text.
 */
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/**
 * Characters that change how text around them reads without being seen: bidirectional controls
 * (text that reads backwards) and zero-width ones. A CSV cell shows them as <U+202E>; JSON keeps
 * them as \u escapes, the same data once parsed.
 */
const HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const codePoint = (char: string) => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

export const inertCell = (value: string) => {
  const visible = value.replace(HIDDEN, (char) => `<U+${codePoint(char)}>`);
  return FORMULA_START.test(visible) ? `'${visible}` : visible;
};

/**
 * One RFC 4180 record (CRLF line ends), every text cell made inert and every cell quoted: a
 * spreadsheet that opens the file with another separator (Excel in a locale whose list separator
 * is `;`) keeps a quoted cell whole, so text after a `;` or a tab inside it never starts a cell of
 * its own, where it would run as a formula.
 */
export function csvRecord(values: (string | null)[]): string {
  return stringify([values.map((value) => (value === null ? '' : inertCell(value)))], {
    record_delimiter: 'windows',
    quoted: true,
    quoted_empty: true,
  });
}

/** The export starts with a byte order mark so that Excel reads it as UTF-8. */
export const CSV_BOM = '\ufeff';

const inertJson = (value: unknown) =>
  JSON.stringify(value).replace(HIDDEN, (char) => `\\u${codePoint(char).toLowerCase()}`);

function exportRow(lead: InboxLead): (string | null)[] {
  return [
    lead.id,
    lead.createdAt.toISOString(),
    lead.kind,
    lead.status,
    lead.name,
    lead.email,
    lead.company,
    lead.role,
    lead.message,
    lead.spamReason,
    ...ATTRIBUTION_COLUMNS.map((column) => lead[column]),
  ];
}

/**
 * Every lead of a filter, oldest first, as the text of a CSV or JSON file, piece by piece: the
 * `leads export` command writes the pieces to its output, the console streams them to the
 * browser, and neither holds more than a page of leads. The audit record is written when the
 * export ends, finished or cut off, with the number of leads that went out.
 */
export async function* exportLeads(
  inbox: Inbox,
  audit: AuditTrail,
  { filter, format, actor }: { filter: InboxFilter; format: ExportFormat; actor: string },
  counted: (rows: number) => void = () => {},
): AsyncGenerator<string> {
  let rows = 0;
  try {
    if (format === 'csv') {
      yield CSV_BOM + csvRecord([...EXPORT_COLUMNS]);
      for await (const lead of inbox.each(filter, actor)) {
        yield csvRecord(exportRow(lead));
        rows++;
      }
    } else {
      yield '[';
      for await (const lead of inbox.each(filter, actor)) {
        yield `${rows === 0 ? '\n' : ',\n'}  ${inertJson(lead)}`;
        rows++;
      }
      yield rows === 0 ? ']\n' : '\n]\n';
    }
  } finally {
    await audit.record({
      command: 'export',
      rows,
      actor,
      details: { format, ...filterDetails(filter) },
    });
    counted(rows);
  }
}
