import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The container stack's copies off the machine as the backup container reports them
 * (infra/backup/ship.sh, with BACKUP_REMOTE): when the newest round of copies reached the remote.
 * The service turns it into backup_offsite_newest_timestamp_seconds, so an alert fires when copies
 * stop leaving the machine. Empty without BACKUP_REMOTE, and the metric is then not exported.
 */
export class OffsiteCopies1796800000000 implements MigrationInterface {
  name = 'OffsiteCopies1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "offsite_copies" (
        "remote" text NOT NULL,
        "newest_at" timestamptz NOT NULL,
        CONSTRAINT "PK_offsite_copies" PRIMARY KEY ("remote")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "offsite_copies"`);
  }
}
