import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addValidated, brief, buildIndex } from '../online-ddl.js';

const KINDS = ['contact', 'accessibility'];

/**
 * The indexes built here, each beside the one it replaces: the partial indexes of one kind
 * (migrations 1795600000000, 1795800000000, 1796200000000), now on the column, under the same
 * names and shapes; and the re-opened promises' (migration 1796600000000's column).
 */
const INDEXES = (kindIs: (kind: string) => string) => [
  ...KINDS.flatMap((kind) => [
    {
      name: `IDX_leads_inbox_${kind}`,
      on: `("status", "created_at", "id") WHERE spam_reason IS NULL AND ${kindIs(kind)}`,
    },
    {
      name: `IDX_leads_responses_${kind}`,
      on: `("created_at") INCLUDE ("responded_at", "responded_on_time")
           WHERE spam_reason IS NULL AND ${kindIs(kind)}`,
    },
    {
      name: `IDX_leads_unopened_${kind}`,
      on: `("created_at", "id") WHERE spam_reason IS NULL AND opened_by IS NULL AND ${kindIs(kind)}`,
    },
  ]),
];

const CALLBACK_INDEX = {
  name: 'IDX_leads_callback_from',
  on: `("callback_from", "id") WHERE callback_from IS NOT NULL AND spam_reason IS NULL`,
};

/** The settled counts' trigger (migration 1795900000000), the kind read as `kindOf` says. */
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

const KIND_RULE_SQL = (message: string) =>
  `CASE WHEN starts_with(coalesce(${message}, ''), 'Subject: Accessibility Feedback' || E'\\n\\n')
        THEN 'accessibility' ELSE 'contact' END`;

/** How many leads one statement of the fill gives a kind: a short lock on each, never on all. */
const FILL_BATCH = 5000;

/**
 * A lead's kind as a column, set when the lead is written (src/leads/lead-writer.ts, by the
 * subject line a form sends: src/leads/lead-kind.ts), instead of read back out of its message by
 * the SQL function lead_kind at every query. The rule now lives in one place, TypeScript; the
 * function, and the test that held it equal to TypeScript's, are gone.
 *
 * It runs while the form takes leads (`make upgrade` starts the new replicas beside the old), so
 * nothing here holds a lock that stops an insert for more than a moment: it runs outside a
 * transaction; the few statements that need the table to themselves give up after 2 s and try
 * again rather than queue every insert behind them; the existing leads get their kind in batches
 * of FILL_BATCH; NOT NULL is proved by a constraint validated while writes go on; and each index
 * is built CONCURRENTLY beside the one it replaces. Every step may run again, so a start cut off
 * midway finishes at the next.
 *
 * The replicas of the release before (1.0.0) write no kind: TRG_contact_submissions_kind gives
 * such a row the kind by the rule as that release wrote it, so no lead is refused or mislabelled
 * in between. It fires only for a row without a kind; the release after this one drops it.
 */
export class LeadKindColumn1796700000000 implements MigrationInterface {
  name = 'LeadKindColumn1796700000000';
  transaction = false as const;

  async up(queryRunner: QueryRunner): Promise<void> {
    const briefly = (sql: string) => brief(queryRunner, sql);
    await briefly(`ALTER TABLE "contact_submissions" ADD COLUMN IF NOT EXISTS "kind" varchar(16)`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION lead_kind_of_earlier_writer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.kind := ${KIND_RULE_SQL('NEW.message')};
          RETURN NEW;
        END $$`);
    await briefly(`
      CREATE OR REPLACE TRIGGER "TRG_contact_submissions_kind" BEFORE INSERT ON "contact_submissions"
        FOR EACH ROW WHEN (NEW.kind IS NULL) EXECUTE FUNCTION lead_kind_of_earlier_writer()`);
    // The settled counts' trigger ignores these updates: status, receipt, spam and message stay.
    for (;;) {
      const [, filled] = (await queryRunner.query(
        `UPDATE "contact_submissions" SET "kind" = ${KIND_RULE_SQL('message')}
          WHERE id IN (SELECT id FROM "contact_submissions" WHERE "kind" IS NULL LIMIT ${FILL_BATCH})`,
      )) as [unknown, number];
      if (filled === 0) break;
    }
    await addValidated(queryRunner, 'CHK_contact_submissions_kind_set', `"kind" IS NOT NULL`);
    await briefly(`ALTER TABLE "contact_submissions" ALTER COLUMN "kind" SET NOT NULL`);
    await briefly(
      `ALTER TABLE "contact_submissions" DROP CONSTRAINT "CHK_contact_submissions_kind_set"`,
    );
    await addValidated(
      queryRunner,
      'CHK_contact_submissions_kind',
      `"kind" IN ('contact', 'accessibility')`,
    );
    await queryRunner.query(countTrigger((row) => `${row}.kind`, 'OLD.kind = NEW.kind'));
    for (const index of INDEXES((kind) => `"kind" = '${kind}'`)) {
      await replaceIndex(queryRunner, index);
    }
    await buildIndex(queryRunner, CALLBACK_INDEX.name, CALLBACK_INDEX.on);
    await queryRunner.query(`DROP FUNCTION IF EXISTS lead_kind(text)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION lead_kind(message text) RETURNS varchar
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${KIND_RULE_SQL('message')} $$`);
    await queryRunner.query(`DROP INDEX CONCURRENTLY IF EXISTS "${CALLBACK_INDEX.name}"`);
    for (const index of INDEXES((kind) => `lead_kind("message") = '${kind}'`)) {
      await replaceIndex(queryRunner, index);
    }
    await queryRunner.query(
      countTrigger(
        (row) => `public.lead_kind(${row}.message)`,
        'OLD.message IS NOT DISTINCT FROM NEW.message',
      ),
    );
    await brief(
      queryRunner,
      `DROP TRIGGER IF EXISTS "TRG_contact_submissions_kind" ON "contact_submissions"`,
    );
    await queryRunner.query(`DROP FUNCTION IF EXISTS lead_kind_of_earlier_writer()`);
    await brief(
      queryRunner,
      `ALTER TABLE "contact_submissions" DROP CONSTRAINT IF EXISTS "CHK_contact_submissions_kind",
         DROP COLUMN IF EXISTS "kind"`,
    );
  }
}

/** An index built again beside the one of its name, which then gives way to it. */
async function replaceIndex(queryRunner: QueryRunner, { name, on }: { name: string; on: string }) {
  const next = `${name}_next`;
  await buildIndex(queryRunner, next, on);
  await queryRunner.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`);
  await brief(queryRunner, `ALTER INDEX "${next}" RENAME TO "${name}"`);
}
