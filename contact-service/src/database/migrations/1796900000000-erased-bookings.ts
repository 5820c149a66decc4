import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bookings of erased people, so that the person stays erased: a later event of the
 * scheduler about one of them (a reschedule, a cancellation, a late redelivery) is refused and
 * counted, never stored as a new lead (bookings/bookings.service.ts). Only the SHA-256 of the
 * scheduler's reference is kept, never an address or a name (leads/lead-removal.ts).
 */
export class ErasedBookings1796900000000 implements MigrationInterface {
  name = 'ErasedBookings1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "erased_bookings" (
        "scheduler" varchar(16) NOT NULL,
        "reference_hash" bytea NOT NULL,
        "erased_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_erased_bookings" PRIMARY KEY ("scheduler", "reference_hash")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "erased_bookings"`);
  }
}
