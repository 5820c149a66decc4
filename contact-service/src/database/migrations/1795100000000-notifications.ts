import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each lead's notifications stand, per channel: pending, sent or failed, with the attempts
 * and the last error. It is also the outbox: a row is written in the lead's own transaction, and
 * handed to the queue afterwards (enqueued_at). The queue (pg-boss, schema pgboss) carries only
 * these rows' ids, so no
 * personal data lives outside contact_submissions and this table, and erasing a submission
 * erases its notifications with it (ON DELETE CASCADE).
 */
export class Notifications1795100000000 implements MigrationInterface {
  name = 'Notifications1795100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notifications" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "submission_id" uuid NOT NULL,
        "channel" varchar(32) NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz,
        "enqueued_at" timestamptz,
        CONSTRAINT "PK_notifications" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_notifications_submission_channel" UNIQUE ("submission_id", "channel"),
        CONSTRAINT "CHK_notifications_status" CHECK ("status" IN ('pending', 'sent', 'failed')),
        CONSTRAINT "FK_notifications_submission" FOREIGN KEY ("submission_id")
          REFERENCES "contact_submissions" ("id") ON DELETE CASCADE
      )`);
    // The operators' questions: what is still pending (and since when), what failed.
    await queryRunner.query(
      `CREATE INDEX "IDX_notifications_status_created_at" ON "notifications" ("status", "created_at")`,
    );
    // The outbox: rows not handed to the queue yet.
    await queryRunner.query(
      `CREATE INDEX "IDX_notifications_outbox" ON "notifications" ("created_at") WHERE "enqueued_at" IS NULL`,
    );
    // At most one acknowledgement per address and day: the sender's earlier submissions.
    await queryRunner.query(
      `CREATE INDEX "IDX_contact_submissions_email" ON "contact_submissions" (lower("email"), "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_contact_submissions_email"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}
