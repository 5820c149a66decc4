import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operators' audit trail (docs/operating.md, "Audit trail"): one row per command of the
 * `leads` tool that reads personal data in bulk or changes data, and per retention purge. It
 * holds no personal data: a person is recorded by a keyed hash of their address (HMAC-SHA256 with
 * the key in audit_key, made here from Postgres' strong random source), so the trail alone names
 * no one, yet an operator can still answer "was this address erased, and when?".
 */
export class AuditLog1795200000000 implements MigrationInterface {
  name = 'AuditLog1795200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "audit_log" (
        "id" bigint GENERATED ALWAYS AS IDENTITY,
        "at" timestamptz NOT NULL DEFAULT now(),
        "command" varchar(32) NOT NULL,
        "rows" integer NOT NULL,
        "actor" varchar(200) NOT NULL,
        "subject_hash" char(64),
        "details" jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT "PK_audit_log" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_at" ON "audit_log" ("at")`);
    await queryRunner.query(`
      CREATE TABLE "audit_key" (
        "id" smallint NOT NULL DEFAULT 1,
        "key" char(64) NOT NULL,
        CONSTRAINT "PK_audit_key" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_audit_key_one_row" CHECK ("id" = 1)
      )`);
    // gen_random_uuid() draws from pg_strong_random(): two give 244 random bits.
    await queryRunner.query(`
      INSERT INTO "audit_key" ("key")
      VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_key"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
