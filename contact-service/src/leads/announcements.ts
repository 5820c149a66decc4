import type { EntityManager } from 'typeorm';

/** The hours within which an address gets one receipt, however many leads it sends. */
export const RECEIPT_WINDOW_HOURS = 24;

/**
 * The receipt rule, as an SQL condition on the address `email` (an SQL expression): no receipt
 * ('acknowledgement') went to it in the last RECEIPT_WINDOW_HOURS. The one statement of the rule,
 * for a new lead (lead-writer.ts) and for one released from spam (announce).
 */
export const noRecentReceipt = (email: string) => `NOT EXISTS (
  SELECT 1 FROM notifications n JOIN contact_submissions receipted ON receipted.id = n.submission_id
   WHERE n.channel = 'acknowledgement' AND lower(receipted.email) = lower(${email})
     AND n.created_at > now() - interval '${RECEIPT_WINDOW_HOURS} hours')`;

/**
 * The notifications of a lead released from spam (LeadState.setSpam), one per channel that has
 * not announced it yet, the receipt by the rule above. Answers the channels announced.
 */
export async function announce(
  manager: EntityManager,
  id: string,
  channels: readonly string[],
): Promise<string[]> {
  const rows: { channel: string }[] = await manager.query(
    `INSERT INTO notifications (submission_id, channel)
     SELECT s.id, planned.channel FROM contact_submissions s, unnest($2::varchar[]) AS planned(channel)
      WHERE s.id = $1 AND (planned.channel <> 'acknowledgement' OR ${noRecentReceipt('s.email')})
     ON CONFLICT (submission_id, channel, purpose) DO NOTHING RETURNING channel`,
    [id, channels],
  );
  return rows.map((row) => row.channel);
}
