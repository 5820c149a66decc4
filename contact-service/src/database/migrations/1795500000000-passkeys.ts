import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn) as a second factor an operator may add and use instead of a TOTP code
 * (src/operators/passkeys.ts): each credential's id, public key, signature counter and the name
 * its owner gave it. A challenge carries its own expiry and proof, so asking for one stores
 * nothing; only a challenge that was answered is kept, until it expires, so it is answered once.
 */
export class Passkeys1795500000000 implements MigrationInterface {
  name = 'Passkeys1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "passkeys" (
        "id" varchar(1400) NOT NULL,
        "user_id" uuid NOT NULL,
        "public_key" bytea NOT NULL,
        "counter" bigint NOT NULL DEFAULT 0,
        "transports" text[] NOT NULL DEFAULT '{}',
        "name" varchar(100) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz,
        CONSTRAINT "PK_passkeys" PRIMARY KEY ("id"),
        CONSTRAINT "FK_passkeys_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id")
          ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_passkeys_user" ON "passkeys" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "used_passkey_challenges" (
        "challenge_hash" char(64) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "PK_used_passkey_challenges" PRIMARY KEY ("challenge_hash")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "used_passkey_challenges"`);
    await queryRunner.query(`DROP TABLE "passkeys"`);
  }
}
