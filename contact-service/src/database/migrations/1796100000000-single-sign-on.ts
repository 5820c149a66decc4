import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on (src/operators/sso/):
 * - users: the provider's identity an account is linked to (issuer and subject, never an e-mail
 *   address), and whether it is a break-glass account (SSO_REQUIRED=true lets only those use a
 *   password);
 * - console_sessions: what a session signed in through the provider keeps to ask it again (its
 *   session id for back-channel logout, the refresh token sealed with CONSOLE_SECRET_KEY, the
 *   ID token for RP-initiated logout, the time of the last check);
 * - sso_logins: a sign-in on its way through the provider (state, nonce, PKCE verifier), used
 *   once;
 * - sso_logout_tokens: the logout tokens already acted on, so that none is replayed.
 */
export class SingleSignOn1796100000000 implements MigrationInterface {
  name = 'SingleSignOn1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "users"
        ADD COLUMN "sso_issuer" varchar(500),
        ADD COLUMN "sso_subject" varchar(255),
        ADD COLUMN "break_glass" boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT "UQ_users_sso" UNIQUE ("sso_issuer", "sso_subject"),
        ADD CONSTRAINT "CHK_users_sso" CHECK (("sso_issuer" IS NULL) = ("sso_subject" IS NULL))`);
    await queryRunner.query(`
      ALTER TABLE "console_sessions"
        ADD COLUMN "sso_sid" varchar(255),
        ADD COLUMN "sso_tokens" bytea,
        ADD COLUMN "sso_checked_at" timestamptz`);
    await queryRunner.query(
      `CREATE INDEX "IDX_console_sessions_sso_sid" ON "console_sessions" ("sso_sid")
        WHERE "sso_sid" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "sso_logins" (
        "id_hash" char(64) NOT NULL,
        "state" varchar(64) NOT NULL,
        "nonce" varchar(64) NOT NULL,
        "verifier" varchar(128) NOT NULL,
        "created_at" timestamptz NOT NULL,
        CONSTRAINT "PK_sso_logins" PRIMARY KEY ("id_hash")
      )`);
    await queryRunner.query(`
      CREATE TABLE "sso_logout_tokens" (
        "jti" varchar(255) NOT NULL,
        "seen_at" timestamptz NOT NULL,
        CONSTRAINT "PK_sso_logout_tokens" PRIMARY KEY ("jti")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sso_logout_tokens"`);
    await queryRunner.query(`DROP TABLE "sso_logins"`);
    await queryRunner.query(`DROP INDEX "IDX_console_sessions_sso_sid"`);
    await queryRunner.query(`
      ALTER TABLE "console_sessions"
        DROP COLUMN "sso_sid", DROP COLUMN "sso_tokens", DROP COLUMN "sso_checked_at"`);
    await queryRunner.query(`
      ALTER TABLE "users" DROP CONSTRAINT "CHK_users_sso", DROP CONSTRAINT "UQ_users_sso",
        DROP COLUMN "break_glass", DROP COLUMN "sso_subject", DROP COLUMN "sso_issuer"`);
  }
}
