import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owners, the callback promise and its reminders (src/leads/lead-promises.ts, lead-owners.ts,
 * notifications/promise-watch.ts).
 *
 * - contact_submissions.owner_id: the operator on the lead, or none (the team). An account is
 *   never deleted, only disabled, which hands its open leads back; the foreign key keeps a
 *   deleted one from leaving a dangling owner all the same.
 * - responded_at / responded_on_time: the lead's first response (it left `new`), and whether
 *   its first promise was kept, judged by the rule in force when it happened. The overview's
 *   promise figures read these two columns instead of the status history and the calendar. Leads
 *   answered before this migration get their first response from the history, and no verdict.
 * - users: the address reminders go to, the opt-in to automatic assignment, an "away until"
 *   date, and when each operator was last given a lead (round-robin: the longest-waiting first).
 * - lead_events: what happened to a lead besides its status (owner changes, reminders,
 *   escalations, cancelled notifications), for its history; it goes with its lead.
 * - notifications.purpose: a lead's announcement ('lead') or a reminder or escalation of one of
 *   its promises ('reminder:callback', 'escalation:acknowledge' …), each once per channel; a
 *   pending one may be cancelled (the promise was kept, or the lead marked spam).
 * - lead_reads: who has opened which lead ("unread" is each operator's own; read_at stays the
 *   first opening by anyone). Leads opened before this migration count as read by everyone who
 *   existed then.
 * - IDX_leads_domain: earlier leads from the same company's email domain (the inbox's and the
 *   lead screen's related leads, src/leads/related-leads.ts).
 */
export class OwnersAndPromises1795800000000 implements MigrationInterface {
  name = 'OwnersAndPromises1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "users"
        ADD COLUMN "email" varchar(254),
        ADD COLUMN "auto_assign" boolean NOT NULL DEFAULT false,
        ADD COLUMN "away_until" date,
        ADD COLUMN "last_assigned_at" timestamptz`);
    await queryRunner.query(`
      ALTER TABLE "contact_submissions"
        ADD COLUMN "owner_id" uuid,
        ADD COLUMN "responded_at" timestamptz,
        ADD COLUMN "responded_on_time" boolean,
        ADD CONSTRAINT "FK_contact_submissions_owner" FOREIGN KEY ("owner_id")
          REFERENCES "users" ("id") ON DELETE SET NULL`);
    await queryRunner.query(`
      UPDATE contact_submissions s SET responded_at = first.at
        FROM (SELECT submission_id, min(at) AS at FROM lead_status_changes
               WHERE from_status = 'new' GROUP BY submission_id) first
       WHERE first.submission_id = s.id`);
    // The owner filters ("mine", "unowned"), newest first like every inbox read.
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_owner" ON "contact_submissions" ("owner_id", "created_at", "id")
        WHERE spam_reason IS NULL AND owner_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_unowned" ON "contact_submissions" ("created_at", "id")
        WHERE spam_reason IS NULL AND owner_id IS NULL`,
    );
    // The overview's figures: per kind, the receipts and first responses of the last weeks,
    // read from the index alone (a kind is an expression of the message, which no index holds).
    for (const kind of ['contact', 'accessibility']) {
      await queryRunner.query(
        `CREATE INDEX "IDX_leads_responses_${kind}" ON "contact_submissions" ("created_at")
          INCLUDE ("responded_at", "responded_on_time")
          WHERE spam_reason IS NULL AND lead_kind("message") = '${kind}'`,
      );
    }
    await queryRunner.query(`
      CREATE TABLE "lead_events" (
        "id" bigserial NOT NULL,
        "submission_id" uuid NOT NULL,
        "at" timestamptz NOT NULL DEFAULT now(),
        "actor" varchar(200) NOT NULL,
        "event" varchar(32) NOT NULL,
        "details" jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT "PK_lead_events" PRIMARY KEY ("id"),
        CONSTRAINT "FK_lead_events_submission" FOREIGN KEY ("submission_id")
          REFERENCES "contact_submissions" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_lead_events_submission" ON "lead_events" ("submission_id", "at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "lead_reads" (
        "user_id" uuid NOT NULL,
        "submission_id" uuid NOT NULL,
        "at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_lead_reads" PRIMARY KEY ("user_id", "submission_id"),
        CONSTRAINT "FK_lead_reads_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id")
          ON DELETE CASCADE,
        CONSTRAINT "FK_lead_reads_submission" FOREIGN KEY ("submission_id")
          REFERENCES "contact_submissions" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_lead_reads_submission" ON "lead_reads" ("submission_id")`,
    );
    await queryRunner.query(`
      INSERT INTO lead_reads (user_id, submission_id, at)
      SELECT u.id, s.id, s.read_at FROM contact_submissions s CROSS JOIN users u
       WHERE s.read_at IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_domain" ON "contact_submissions"
        (lower(split_part("email", '@', 2)), "created_at") WHERE spam_reason IS NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE "notifications"
        ADD COLUMN "purpose" varchar(32) NOT NULL DEFAULT 'lead',
        DROP CONSTRAINT "UQ_notifications_submission_channel",
        ADD CONSTRAINT "UQ_notifications_submission_channel_purpose"
          UNIQUE ("submission_id", "channel", "purpose"),
        DROP CONSTRAINT "CHK_notifications_status",
        ADD CONSTRAINT "CHK_notifications_status"
          CHECK ("status" IN ('pending', 'sent', 'failed', 'cancelled'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "notifications" WHERE "purpose" <> 'lead'`);
    await queryRunner.query(
      `UPDATE "notifications" SET "status" = 'failed' WHERE "status" = 'cancelled'`,
    );
    await queryRunner.query(`
      ALTER TABLE "notifications"
        DROP CONSTRAINT "CHK_notifications_status",
        ADD CONSTRAINT "CHK_notifications_status" CHECK ("status" IN ('pending', 'sent', 'failed')),
        DROP CONSTRAINT "UQ_notifications_submission_channel_purpose",
        ADD CONSTRAINT "UQ_notifications_submission_channel" UNIQUE ("submission_id", "channel"),
        DROP COLUMN "purpose"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_domain"`);
    await queryRunner.query(`DROP TABLE "lead_reads"`);
    await queryRunner.query(`DROP TABLE "lead_events"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_responses_accessibility"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_responses_contact"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_unowned"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_owner"`);
    await queryRunner.query(`
      ALTER TABLE "contact_submissions" DROP CONSTRAINT "FK_contact_submissions_owner",
        DROP COLUMN "responded_on_time", DROP COLUMN "responded_at", DROP COLUMN "owner_id"`);
    await queryRunner.query(`
      ALTER TABLE "users" DROP COLUMN "last_assigned_at", DROP COLUMN "away_until",
        DROP COLUMN "auto_assign", DROP COLUMN "email"`);
  }
}
