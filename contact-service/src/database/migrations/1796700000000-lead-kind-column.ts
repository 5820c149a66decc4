import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The partial indexes that hold one kind each (migrations 1795600000000, 1795800000000, 1796200000000). */
const KIND_INDEXES = (kindIs: (kind: string) => string) =>
  ['contact', 'accessibility'].flatMap((kind) => [
    `CREATE INDEX "IDX_leads_inbox_${kind}" ON "contact_submissions" ("status", "created_at", "id")
      WHERE spam_reason IS NULL AND ${kindIs(kind)}`,
    `CREATE INDEX "IDX_leads_responses_${kind}" ON "contact_submissions" ("created_at")
      INCLUDE ("responded_at", "responded_on_time") WHERE spam_reason IS NULL AND ${kindIs(kind)}`,
    `CREATE INDEX "IDX_leads_unopened_${kind}" ON "contact_submissions" ("created_at", "id")
      WHERE spam_reason IS NULL AND opened_by IS NULL AND ${kindIs(kind)}`,
  ]);

const DROP_KIND_INDEXES = ['contact', 'accessibility'].flatMap((kind) =>
  ['inbox', 'responses', 'unopened'].map((index) => `DROP INDEX "IDX_leads_${index}_${kind}"`),
);

/** The settled counts' trigger (migration 1795900000000), reading the kind from `kind`. */
const countTrigger = (kindOf: (row: 'NEW' | 'OLD') => string, unchanged: string) => `
  CREATE OR REPLACE FUNCTION lead_count_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE horizon timestamptz;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.spam_reason IS NULL
           AND NEW.created_at < (SELECT settled_before FROM public.lead_count_horizon) THEN
          PERFORM public.lead_count_add(${kindOf('NEW')}, NEW.status, 1);
        END IF;
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.created_at = NEW.created_at
         AND (OLD.spam_reason IS NULL) = (NEW.spam_reason IS NULL)
         AND ${unchanged} THEN
        RETURN NULL;
      END IF;
      SELECT settled_before INTO horizon FROM public.lead_count_horizon FOR SHARE;
      IF OLD.spam_reason IS NULL AND OLD.created_at < horizon THEN
        PERFORM public.lead_count_add(${kindOf('OLD')}, OLD.status, -1);
      END IF;
      IF TG_OP = 'UPDATE' AND NEW.spam_reason IS NULL AND NEW.created_at < horizon THEN
        PERFORM public.lead_count_add(${kindOf('NEW')}, NEW.status, 1);
      END IF;
      RETURN NULL;
    END $$`;

/**
 * A lead's kind as a column, set when the lead is written (src/leads/lead-writer.ts, by the
 * subject line a form sends: src/leads/lead-kind.ts), instead of read back out of its message by
 * the SQL function lead_kind at every query. The rule now lives in one place, TypeScript; the
 * function, and the test that held it equal to TypeScript's, are gone.
 *
 * Existing leads get their kind from the function one last time. The partial indexes of one
 * kind each are built again on the column, with the same names and shapes, and the settled
 * counts' trigger reads the column. On a million leads this rewrites the table once: minutes,
 * at upgrade.
 *
 * While `make upgrade` replaces the replicas, those of the release before (1.0.0) still take
 * leads and write no kind: TRG_contact_submissions_kind gives such a row the kind by the rule as
 * that release wrote it (its subject line), so no lead is refused or mislabelled in between.
 * It fires only for a row without a kind; the release after this one drops it.
 */
export class LeadKindColumn1796700000000 implements MigrationInterface {
  name = 'LeadKindColumn1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_submissions" ADD COLUMN "kind" varchar(16)`);
    await queryRunner.query(`UPDATE "contact_submissions" SET "kind" = lead_kind("message")`);
    await queryRunner.query(`
      ALTER TABLE "contact_submissions"
        ALTER COLUMN "kind" SET NOT NULL,
        ADD CONSTRAINT "CHK_contact_submissions_kind" CHECK ("kind" IN ('contact', 'accessibility'))`);
    await queryRunner.query(countTrigger((row) => `${row}.kind`, 'OLD.kind = NEW.kind'));
    for (const statement of DROP_KIND_INDEXES) await queryRunner.query(statement);
    for (const statement of KIND_INDEXES((kind) => `"kind" = '${kind}'`)) {
      await queryRunner.query(statement);
    }
    await queryRunner.query(`DROP FUNCTION lead_kind(text)`);
    await queryRunner.query(`
      CREATE FUNCTION lead_kind_of_earlier_writer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.kind := CASE WHEN starts_with(coalesce(NEW.message, ''),
                                            'Subject: Accessibility Feedback' || E'\\n\\n')
                           THEN 'accessibility' ELSE 'contact' END;
          RETURN NEW;
        END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_contact_submissions_kind" BEFORE INSERT ON "contact_submissions"
        FOR EACH ROW WHEN (NEW.kind IS NULL) EXECUTE FUNCTION lead_kind_of_earlier_writer()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_contact_submissions_kind" ON "contact_submissions"`);
    await queryRunner.query(`DROP FUNCTION lead_kind_of_earlier_writer()`);
    await queryRunner.query(`
      CREATE FUNCTION lead_kind(message text) RETURNS varchar
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT CASE WHEN starts_with(coalesce(message, ''), 'Subject: Accessibility Feedback' || E'\\n\\n')
                      THEN 'accessibility' ELSE 'contact' END $$`);
    for (const statement of DROP_KIND_INDEXES) await queryRunner.query(statement);
    for (const statement of KIND_INDEXES((kind) => `lead_kind("message") = '${kind}'`)) {
      await queryRunner.query(statement);
    }
    await queryRunner.query(
      countTrigger(
        (row) => `public.lead_kind(${row}.message)`,
        'OLD.message IS NOT DISTINCT FROM NEW.message',
      ),
    );
    await queryRunner.query(`
      ALTER TABLE "contact_submissions" DROP CONSTRAINT "CHK_contact_submissions_kind",
        DROP COLUMN "kind"`);
  }
}
