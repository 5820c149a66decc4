import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A retried POST must not store a lead twice (the client's Idempotency-Key, unique), and
 * suspected spam is kept and marked instead of being thrown away (spam_reason).
 */
export class IdempotencyAndSpam1795000000000 implements MigrationInterface {
  name = 'IdempotencyAndSpam1795000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "contact_submissions"
        ADD COLUMN "idempotency_key" varchar(255),
        ADD COLUMN "spam_reason" text`);
    // Unique among keys that were given; submissions without a key (NULL) never collide.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_contact_submissions_idempotency_key" ON "contact_submissions" ("idempotency_key")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_contact_submissions_idempotency_key"`);
    await queryRunner.query(`
      ALTER TABLE "contact_submissions" DROP COLUMN "spam_reason", DROP COLUMN "idempotency_key"`);
  }
}
