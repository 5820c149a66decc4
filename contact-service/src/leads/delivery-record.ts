export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

/**
 * One notification of a lead (table notifications) as operators read it: its channel (one of
 * notifications/channels.ts) and where its delivery stands.
 */
export interface DeliveryRecord {
  id: string;
  submissionId: string;
  channel: string;
  /** What it tells: the lead itself ('lead'), or a reminder or escalation of one of its promises. */
  purpose: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

/** The select list that reads a DeliveryRecord from notifications under the alias `n`. */
export const DELIVERY_COLUMNS = `n.id, n.submission_id AS "submissionId", n.channel, n.purpose, n.status,
  n.attempts, n.last_error AS "lastError", n.created_at AS "createdAt",
  n.updated_at AS "updatedAt", n.sent_at AS "sentAt"`;
