import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bookings from the scheduler (src/bookings/): the discovery calls prospects book through
 * Calendly or Cal.com, each on its lead.
 *
 * - lead_bookings: one row per booking, keyed by the scheduler and its own reference (Calendly's
 *   scheduled event, Cal.com's booking uid), so a redelivered event finds the row it made. A
 *   reschedule moves its times; a cancellation keeps the row, marked cancelled. made_lead: the
 *   booking came with no form and made its lead (the overview counts those apart). It goes with
 *   its lead.
 * - booking_deliveries: the events applied, by the scheduler's own identity of each, so an event
 *   delivered twice is applied once.
 * - contact_submissions.callback_from: when a cancelled booking re-opened the callback promise,
 *   the moment it was re-opened; the promise then counts from it instead of the receipt (null:
 *   from the receipt). Its index, for the due filters, is built without blocking the form by
 *   migration 1796700000000.
 */
export class Bookings1796600000000 implements MigrationInterface {
  name = 'Bookings1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_bookings" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "submission_id" uuid NOT NULL,
        "scheduler" varchar(16) NOT NULL,
        "reference" varchar(500) NOT NULL,
        "starts_at" timestamptz NOT NULL,
        "ends_at" timestamptz NOT NULL,
        "host_name" varchar(200),
        "host_email" varchar(254),
        "status" varchar(16) NOT NULL DEFAULT 'booked',
        "made_lead" boolean NOT NULL DEFAULT false,
        "booked_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_lead_bookings" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_lead_bookings_reference" UNIQUE ("scheduler", "reference"),
        CONSTRAINT "CHK_lead_bookings_scheduler" CHECK ("scheduler" IN ('calendly', 'cal.com')),
        CONSTRAINT "CHK_lead_bookings_status"
          CHECK ("status" IN ('booked', 'rescheduled', 'cancelled')),
        CONSTRAINT "FK_lead_bookings_lead" FOREIGN KEY ("submission_id")
          REFERENCES "contact_submissions" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_lead_bookings_lead" ON "lead_bookings" ("submission_id", "starts_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "booking_deliveries" (
        "scheduler" varchar(16) NOT NULL,
        "event_key" varchar(600) NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_booking_deliveries" PRIMARY KEY ("scheduler", "event_key")
      )`);
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" ADD COLUMN "callback_from" timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP COLUMN "callback_from"`);
    await queryRunner.query(`DROP TABLE "booking_deliveries"`);
    await queryRunner.query(`DROP TABLE "lead_bookings"`);
  }
}
