import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spec's User record becomes an operator's account (src/operators/): a role, a second factor
 * (a TOTP secret encrypted with CONSOLE_SECRET_KEY, the last time step used, ten recovery codes
 * stored as hashes), a one-time enrolment link (stored as a hash; its secret is made when its
 * owner opens it), and server-side sessions (stored as hashes of their ids). Sign-in failures are
 * counted per account and per client address (hashed), so that every replica throttles alike. No
 * account exists until an operator adds one with `leads users add`; its owner sets the password.
 */
export class OperatorAccounts1795400000000 implements MigrationInterface {
  name = 'OperatorAccounts1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "users"
        ALTER COLUMN "password" DROP NOT NULL,
        ADD COLUMN "role" varchar(16) NOT NULL DEFAULT 'member'
          CONSTRAINT "CHK_users_role" CHECK ("role" IN ('member', 'admin')),
        ADD COLUMN "totp_secret" bytea,
        ADD COLUMN "totp_last_step" bigint,
        ADD COLUMN "enrolled_at" timestamptz,
        ADD COLUMN "disabled_at" timestamptz,
        ADD COLUMN "password_changed_at" timestamptz,
        ADD COLUMN "created_at" timestamptz NOT NULL DEFAULT now()`);
    await queryRunner.query(`
      CREATE TABLE "enrolments" (
        "token_hash" char(64) NOT NULL,
        "user_id" uuid NOT NULL,
        "totp_secret" bytea,
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "PK_enrolments" PRIMARY KEY ("token_hash"),
        CONSTRAINT "FK_enrolments_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id")
          ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "recovery_codes" (
        "user_id" uuid NOT NULL,
        "code_hash" char(64) NOT NULL,
        CONSTRAINT "PK_recovery_codes" PRIMARY KEY ("user_id", "code_hash"),
        CONSTRAINT "FK_recovery_codes_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id")
          ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "console_sessions" (
        "id_hash" char(64) NOT NULL,
        "user_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL,
        "last_seen_at" timestamptz NOT NULL,
        "user_agent" varchar(200),
        CONSTRAINT "PK_console_sessions" PRIMARY KEY ("id_hash"),
        CONSTRAINT "FK_console_sessions_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id")
          ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_console_sessions_user" ON "console_sessions" ("user_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "sign_in_failures" (
        "key" varchar(200) NOT NULL,
        "failures" integer NOT NULL,
        "last_failure_at" timestamptz NOT NULL,
        "locked_until" timestamptz,
        CONSTRAINT "PK_sign_in_failures" PRIMARY KEY ("key")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sign_in_failures"`);
    await queryRunner.query(`DROP TABLE "console_sessions"`);
    await queryRunner.query(`DROP TABLE "recovery_codes"`);
    await queryRunner.query(`DROP TABLE "enrolments"`);
    await queryRunner.query(`
      ALTER TABLE "users" DROP COLUMN "role", DROP COLUMN "totp_secret",
        DROP COLUMN "totp_last_step", DROP COLUMN "enrolled_at", DROP COLUMN "disabled_at",
        DROP COLUMN "password_changed_at", DROP COLUMN "created_at"`);
    await queryRunner.query(`DELETE FROM "users" WHERE "password" IS NULL`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "password" SET NOT NULL`);
  }
}
