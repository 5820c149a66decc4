import type { DataSourceOptions } from 'typeorm';
import { InitialSchema1763769600000 } from './migrations/1763769600000-initial-schema.js';
import { IdempotencyAndSpam1795000000000 } from './migrations/1795000000000-idempotency-and-spam.js';
import { Notifications1795100000000 } from './migrations/1795100000000-notifications.js';
import { AuditLog1795200000000 } from './migrations/1795200000000-audit-log.js';
import { RateLimits1795300000000 } from './migrations/1795300000000-rate-limits.js';
import { OperatorAccounts1795400000000 } from './migrations/1795400000000-operator-accounts.js';
import { Passkeys1795500000000 } from './migrations/1795500000000-passkeys.js';
import { LeadInbox1795600000000 } from './migrations/1795600000000-lead-inbox.js';
import { AuditFilters1795700000000 } from './migrations/1795700000000-audit-filters.js';
import { OwnersAndPromises1795800000000 } from './migrations/1795800000000-owners-and-promises.js';
import { SettledCounts1795900000000 } from './migrations/1795900000000-settled-counts.js';
import { FieldMeasurements1796000000000 } from './migrations/1796000000000-field-measurements.js';
import { SingleSignOn1796100000000 } from './migrations/1796100000000-single-sign-on.js';
import { LeadOpeners1796200000000 } from './migrations/1796200000000-lead-openers.js';
import { LinkedAccounts1796300000000 } from './migrations/1796300000000-linked-accounts.js';
import { ConsoleAlerts1796400000000 } from './migrations/1796400000000-console-alerts.js';
import { BackupRuns1796500000000 } from './migrations/1796500000000-backup-runs.js';
import { Bookings1796600000000 } from './migrations/1796600000000-bookings.js';
import { LeadKindColumn1796700000000 } from './migrations/1796700000000-lead-kind-column.js';
import { OffsiteCopies1796800000000 } from './migrations/1796800000000-offsite-copies.js';
import { ErasedBookings1796900000000 } from './migrations/1796900000000-erased-bookings.js';
import { LeadAttribution1797000000000 } from './migrations/1797000000000-lead-attribution.js';
import { AccessibilityReports1797100000000 } from './migrations/1797100000000-accessibility-reports.js';

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  timeoutMs: number;
}

/**
 * The one TypeORM configuration, used by the service, the migrate script and the tests, on the
 * Postgres server and on the embedded database alike. The schema changes only through migrations.
 * Leads and notifications are read and written in SQL (src/leads/); entities are only for what a
 * repository handles, and the Nest app registers those itself (autoLoadEntities).
 */
export function dataSourceOptions({
  url,
  poolSize,
  timeoutMs,
}: DatabaseSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [],
    migrations: [
      InitialSchema1763769600000,
      IdempotencyAndSpam1795000000000,
      Notifications1795100000000,
      AuditLog1795200000000,
      RateLimits1795300000000,
      OperatorAccounts1795400000000,
      Passkeys1795500000000,
      LeadInbox1795600000000,
      AuditFilters1795700000000,
      OwnersAndPromises1795800000000,
      SettledCounts1795900000000,
      FieldMeasurements1796000000000,
      SingleSignOn1796100000000,
      LeadOpeners1796200000000,
      LinkedAccounts1796300000000,
      ConsoleAlerts1796400000000,
      BackupRuns1796500000000,
      Bookings1796600000000,
      LeadKindColumn1796700000000,
      OffsiteCopies1796800000000,
      ErasedBookings1796900000000,
      LeadAttribution1797000000000,
      AccessibilityReports1797100000000,
    ],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    applicationName: 'contact-service',
    poolSize,
    // Every wait on the database is bounded, so an outage becomes a fast 503, never a hang.
    connectTimeoutMS: timeoutMs,
    extra: {
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
      idleTimeoutMillis: 30_000,
    },
  };
}
