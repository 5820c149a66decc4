import type { Statements } from '../database/rows.js';

/** The columns of a lead's state, which its writers change (lead-state.ts, lead-owners.ts). */
export type StateColumn =
  'status' | 'owner_id' | 'responded_at' | 'responded_on_time' | 'callback_from' | 'spam_reason';

/**
 * Sets columns of one lead's row (contact_submissions, in SQL as leads/ reads it): `values` by
 * column; `only` where the row meets a condition (a first response is set once).
 */
export async function setLeadColumns(
  db: Statements,
  id: string,
  values: Partial<Record<StateColumn, unknown>>,
  only?: 'responded_at IS NULL',
): Promise<void> {
  const columns = Object.keys(values);
  await db.query(
    `UPDATE contact_submissions SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')}
      WHERE id = $1${only ? ` AND ${only}` : ''}`,
    [id, ...Object.values(values)],
  );
}
