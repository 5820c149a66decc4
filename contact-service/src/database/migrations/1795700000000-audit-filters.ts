import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail's filters (the console's audit screen, `leads audit --command/--actor/--email`):
 * newest first by id, a page at a time, by command, by actor or by a person's keyed hash. Each
 * index holds the id after its column, so a filtered page reads only the rows it shows and never
 * scans a trail of two years (AUDIT_RETENTION_DAYS) of sign-ins and reads. The days (`at`) have
 * their index already (1795200000000-audit-log.ts).
 */
export class AuditFilters1795700000000 implements MigrationInterface {
  name = 'AuditFilters1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_audit_log_command_id" ON "audit_log" ("command", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_actor_id" ON "audit_log" ("actor", "id")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_audit_log_subject_id" ON "audit_log" ("subject_hash", "id")
        WHERE "subject_hash" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_audit_log_subject_id"`);
    await queryRunner.query(`DROP INDEX "IDX_audit_log_actor_id"`);
    await queryRunner.query(`DROP INDEX "IDX_audit_log_command_id"`);
  }
}
