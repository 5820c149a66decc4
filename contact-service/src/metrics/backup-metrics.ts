import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { rows } from '../database/rows.js';

/** The backup container's replication slot, as pg_replication_slots shows it. */
interface WalSlot {
  active: boolean;
  behind: number | null;
}

/**
 * When the container stack's newest backup succeeded and failed (table backup_runs, written by
 * the backup container), for the alerts of infra/monitoring/alerts.yml. No series at all when
 * nothing backs up into the table (Kubernetes, where backups are the database's own business).
 */
export function backupMetrics(registry: Registry, dataSource: DataSource): void {
  new Gauge({
    name: 'backup_last_timestamp_seconds',
    help: "When the container stack's newest backup ended (Unix time), by outcome (success, failure).",
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const runs = await rows<{ ok: boolean; at: number }>(
        dataSource,
        `SELECT ok, extract(epoch FROM max(finished_at))::float AS at FROM backup_runs GROUP BY ok`,
      );
      this.reset();
      for (const row of runs) this.set({ outcome: row.ok ? 'success' : 'failure' }, row.at);
    },
  });
  // Its copies off the machine (infra/backup/ship.sh, with BACKUP_REMOTE).
  new Gauge({
    name: 'backup_offsite_newest_timestamp_seconds',
    help: "When the container stack's newest round of off-site copies reached the remote (Unix time); no series without BACKUP_REMOTE.",
    labelNames: ['remote'] as const,
    registers: [registry],
    async collect() {
      const copies = await rows<{ remote: string; at: number }>(
        dataSource,
        `SELECT remote, extract(epoch FROM newest_at)::float AS at FROM offsite_copies`,
      );
      this.reset();
      for (const row of copies) this.set({ remote: row.remote }, row.at);
    },
  });
  // The backup container's WAL stream (infra/backup/wal.sh), through its replication slot.
  const slotGauge = (name: string, help: string, value: (slot: WalSlot) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['slot'] as const,
      registers: [registry],
      async collect() {
        const [slot] = await rows<WalSlot>(
          dataSource,
          `SELECT active, pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)::float AS behind
             FROM pg_replication_slots WHERE slot_name = 'wal_archive'`,
        );
        this.reset();
        if (slot) this.set({ slot: 'wal_archive' }, value(slot));
      },
    });
  slotGauge(
    'wal_archive_streaming',
    "1 while the backup container streams the WAL into backups/wal, 0 when it does not (no series without the stream's slot).",
    (slot) => (slot.active ? 1 : 0),
  );
  slotGauge(
    'wal_archive_behind_bytes',
    'WAL the server wrote that the backup container has not confirmed yet, in bytes.',
    (slot) => slot.behind ?? 0,
  );
}
