import { createHmac } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

export interface AuditRecord {
  id: string;
  at: Date;
  command: string;
  rows: number;
  actor: string;
  subjectHash: string | null;
  details: Record<string, unknown>;
}

export type NewAuditRecord = Pick<AuditRecord, 'command' | 'rows' | 'actor'> &
  Partial<Pick<AuditRecord, 'details'>> & {
    /** The person the record is about: kept only as the keyed hash of the address. */
    email?: string;
  };

/**
 * The audit trail (table audit_log): who read personal data in bulk or changed data, when, and
 * how much. A record is written in the transaction of the change it describes, so no change goes
 * unrecorded; a person is named only by the HMAC of their address under this installation's key
 * (table audit_key), so an erased address leaves no readable trace.
 */
export class AuditTrail {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes a record; with `manager`, in that transaction. */
  async record(record: NewAuditRecord, manager = this.dataSource.manager): Promise<void> {
    const subjectHash = record.email === undefined ? null : await hashOf(manager, record.email);
    await manager.query(
      `INSERT INTO audit_log (command, rows, actor, subject_hash, details)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        record.command,
        record.rows,
        record.actor.slice(0, 200),
        subjectHash,
        JSON.stringify(record.details ?? {}),
      ],
    );
  }

  /** The newest records first; with `email`, only those about that address. */
  async list({ email, limit = 50 }: { email?: string; limit?: number } = {}): Promise<
    AuditRecord[]
  > {
    const hash = email === undefined ? null : await hashOf(this.dataSource.manager, email);
    return (await this.dataSource.query(
      `SELECT id::text, at, command, rows, actor, subject_hash AS "subjectHash", details
         FROM audit_log WHERE $1::char(64) IS NULL OR subject_hash = $1
        ORDER BY at DESC, id DESC LIMIT $2`,
      [hash, limit],
    )) as AuditRecord[];
  }
}

/** HMAC-SHA256 of the address in lower case, keyed by this installation's audit key. */
async function hashOf(manager: EntityManager, email: string): Promise<string> {
  const [row] = (await manager.query(`SELECT key FROM audit_key WHERE id = 1`)) as {
    key: string;
  }[];
  if (!row) throw new Error('the audit key is missing: run the migrations');
  return createHmac('sha256', row.key).update(email.toLowerCase()).digest('hex');
}
