import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The container stack's backups as the backup container reports them (infra/backup/backup.sh):
 * when each attempt ended and whether it succeeded. The service turns the newest into metrics
 * (backup_last_success_timestamp_seconds, backup_last_failure_timestamp_seconds), so an alert
 * fires when backups stop or fail. A deployment that backs up otherwise leaves it empty, and the
 * metrics are then not exported at all.
 */
export class BackupRuns1796500000000 implements MigrationInterface {
  name = 'BackupRuns1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "backup_runs" (
        "finished_at" timestamptz NOT NULL DEFAULT now(),
        "ok" boolean NOT NULL,
        CONSTRAINT "PK_backup_runs" PRIMARY KEY ("finished_at")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "backup_runs"`);
  }
}
