/**
 * Who owns each table of the service's database (the migrations' tables): the one folder of
 * src/ whose files read and write it, and the one style they reach it in. `entity`: through its
 * TypeORM entity (a repository, the entity manager, a query builder on the entity); `sql`: SQL
 * text, kept in the owner where the statement is the point (docs/development.md, "Repository
 * layout"). Every other module asks the owner. table-owners.spec.ts reads the sources and fails,
 * naming the file and the table, when anything else touches a table, or touches it in the other
 * style.
 */
export const TABLE_OWNERS = {
  accessibility_reports: { owner: 'leads', style: 'sql' },
  audit_key: { owner: 'audit', style: 'sql' },
  audit_log: { owner: 'audit', style: 'sql' },
  // Written by the backup container (infra/backup/); the service only reads them for /metrics.
  backup_runs: { owner: 'metrics', style: 'sql' },
  offsite_copies: { owner: 'metrics', style: 'sql' },
  booking_deliveries: { owner: 'bookings', style: 'entity' },
  console_alerts: { owner: 'operators', style: 'entity' },
  console_sessions: { owner: 'operators', style: 'entity' },
  contact_submissions: { owner: 'leads', style: 'sql' },
  enrolments: { owner: 'operators', style: 'entity' },
  erased_bookings: { owner: 'leads', style: 'entity' },
  field_measurements: { owner: 'measurements', style: 'sql' },
  lead_bookings: { owner: 'leads', style: 'sql' },
  lead_count_horizon: { owner: 'leads', style: 'sql' },
  lead_count_totals: { owner: 'leads', style: 'sql' },
  lead_events: { owner: 'leads', style: 'sql' },
  lead_notes: { owner: 'inbox', style: 'entity' },
  lead_reads: { owner: 'leads', style: 'sql' },
  lead_status_changes: { owner: 'leads', style: 'sql' },
  notifications: { owner: 'leads', style: 'sql' },
  passkeys: { owner: 'operators', style: 'entity' },
  rate_limits: { owner: 'integrations', style: 'sql' },
  recovery_codes: { owner: 'operators', style: 'entity' },
  sign_in_failures: { owner: 'operators', style: 'entity' },
  sso_logins: { owner: 'operators', style: 'sql' },
  sso_logout_tokens: { owner: 'operators', style: 'entity' },
  used_passkey_challenges: { owner: 'operators', style: 'entity' },
  users: { owner: 'operators', style: 'entity' },
} as const satisfies Record<string, { owner: string; style: 'entity' | 'sql' }>;

export type Table = keyof typeof TABLE_OWNERS;

/**
 * What still reaches a table against TABLE_OWNERS, file by file (paths below src/), each a debt
 * to pay by moving the statement into the owner: the list only shrinks. The spec fails on a
 * reach that is not listed here, and on a listed one that is gone (strike it).
 */
export const OWNERSHIP_DEBTS: Record<string, readonly Table[]> = {
  'database/online-ddl.ts': ['contact_submissions'],
  'leads/operators-table.ts': ['users'],
};
