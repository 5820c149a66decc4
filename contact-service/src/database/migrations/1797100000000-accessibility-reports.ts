import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addValidated, brief } from '../online-ddl.js';

/**
 * Accessibility feedback tracked to a criterion (src/leads/accessibility-report.ts): the report
 * an operator tags a lead of kind accessibility with (the WCAG 2.2 criterion or EN 301 549 clause
 * of contract/accessibility-criteria.json, the page, the assistive technology, a severity,
 * whether the team confirmed it), and what the sender is told at each step (the plan and its
 * date when assessed, the reason when it will not be fixed). One row per lead at most, erased
 * with it.
 *
 * The accessibility workflow gains `wont_fix` (contract/workflows.json): the status CHECK is
 * replaced by one that allows it, added NOT VALID and validated while the form takes leads.
 */
const STATUSES = [
  'new',
  'contacted',
  'qualified',
  'not_a_fit',
  'acknowledged',
  'assessed',
  'resolved',
];
const listOf = (statuses: string[]) =>
  `"status" IN (${statuses.map((status) => `'${status}'`).join(', ')})`;

export class AccessibilityReports1797100000000 implements MigrationInterface {
  name = 'AccessibilityReports1797100000000';
  transaction = false as const;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "accessibility_reports" (
        "submission_id" uuid NOT NULL,
        "criterion" varchar(16),
        "page" varchar(500),
        "assistive_technology" varchar(100),
        "severity" varchar(16),
        "confirmed" boolean NOT NULL DEFAULT false,
        "plan" varchar(1000),
        "planned_for" date,
        "reason" varchar(1000),
        "confirmed_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_accessibility_reports" PRIMARY KEY ("submission_id"),
        CONSTRAINT "FK_accessibility_reports_submission" FOREIGN KEY ("submission_id")
          REFERENCES "contact_submissions" ("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_accessibility_reports_severity"
          CHECK ("severity" IN ('critical', 'serious', 'moderate', 'minor')))`);
    await addValidated(
      queryRunner,
      'CHK_contact_submissions_status_v2',
      listOf([...STATUSES, 'wont_fix']),
    );
    await brief(
      queryRunner,
      `ALTER TABLE "contact_submissions" DROP CONSTRAINT IF EXISTS "CHK_contact_submissions_status"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The release before knows no `wont_fix`: such a lead goes back to assessed, its last step
    // there (its reason is dropped with the table).
    await queryRunner.query(
      `UPDATE "contact_submissions" SET "status" = 'assessed' WHERE "status" = 'wont_fix'`,
    );
    await addValidated(queryRunner, 'CHK_contact_submissions_status', listOf(STATUSES));
    await brief(
      queryRunner,
      `ALTER TABLE "contact_submissions" DROP CONSTRAINT IF EXISTS "CHK_contact_submissions_status_v2"`,
    );
    await queryRunner.query(`DROP TABLE IF EXISTS "accessibility_reports"`);
  }
}
