import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The site's field measurements for the console's overview (src/measurements/): per day, page,
 * metric and histogram bucket, a count. No visitor's data: no address, no identifier.
 */
export class FieldMeasurements1796000000000 implements MigrationInterface {
  name = 'FieldMeasurements1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "field_measurements" (
        "day" date NOT NULL,
        "route" varchar(32) NOT NULL,
        "metric" varchar(8) NOT NULL,
        "le" double precision NOT NULL,
        "n" bigint NOT NULL,
        CONSTRAINT "PK_field_measurements" PRIMARY KEY ("day", "route", "metric", "le")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "field_measurements"`);
  }
}
