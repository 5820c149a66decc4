import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admins' alerts of the console (a break-glass account signed in, was reset, or enrolled),
 * as an outbox: a row is written in the transaction of the event it tells, and the console's
 * processes deliver it on the team's channels, retrying until every channel has it
 * (operators/break-glass-alarm.ts). Before, the alert lived in the memory of the process that
 * raised it, and was lost with it.
 */
export class ConsoleAlerts1796400000000 implements MigrationInterface {
  name = 'ConsoleAlerts1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "console_alerts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "kind" varchar(40) NOT NULL,
        "username" varchar(100) NOT NULL,
        "by" varchar(200),
        "at" timestamptz NOT NULL,
        "status" varchar(10) NOT NULL DEFAULT 'pending',
        "delivered" varchar(20)[] NOT NULL DEFAULT '{}',
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "last_error" varchar(1000),
        CONSTRAINT "PK_console_alerts" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_console_alerts_status" CHECK ("status" IN ('pending', 'sent', 'failed'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_console_alerts_due" ON "console_alerts" ("next_attempt_at")
        WHERE "status" = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "console_alerts"`);
  }
}
