import type { DeliveryRecord } from '../leads/delivery-record.js';

/**
 * A visitor's text shown on an operator's terminal must not drive it: control characters (ANSI
 * escapes can rewrite the screen or the window title) and bidirectional overrides (which can make
 * text read backwards) are shown as \u escapes instead. Line breaks are kept only where asked.
 */
export function printable(text: string, { keepLineBreaks = false } = {}): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (char) =>
    keepLineBreaks && char === '\n'
      ? char
      : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A timestamp to the second, in UTC: 2026-11-22T17:37:19Z. */
export const timestamp = (date: Date | null) =>
  date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '';

/** A plain-text table for a terminal; long cells are cut to `width` characters. */
export function table(rows: Record<string, unknown>[], columns: string[], width = 32): string {
  const cell = (value: unknown) => {
    const text = printable(String(value ?? ''));
    return text.length > width ? `${text.slice(0, width - 1)}…` : text;
  };
  const cells = rows.map((row) => columns.map((column) => cell(row[column] ?? '')));
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((row) => row[i]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n') + '\n';
}

/** Notifications as a table: where each one's delivery stands. */
export function deliveryTable(deliveries: DeliveryRecord[]): string {
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
