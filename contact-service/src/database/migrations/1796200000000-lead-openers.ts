import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who opened each lead first, so that an operator's unread leads can be read from an index.
 *
 * "Unread" is each operator's own (lead_reads, migration 1795800000000): a lead is unread for me
 * when I have not opened it. No index holds that set, and for an operator who has read nearly
 * everything it is sparse: the inbox's `unread=true` pages walked the newest-first index and asked
 * lead_reads about every lead until 51 were unread, 21,000 leads for a page deep in a million
 * (113 ms, bench/inbox-bench.ts). Split by the lead's first opener, the set has an index on each
 * side (src/inbox/inbox.store.ts):
 *
 * - opened_by IS NULL: no operator has opened it, so it is unread for everyone
 *   (IDX_leads_unopened, and one per kind: every entry is a row of the page);
 * - opened_by = another operator: unread for me unless I opened it too
 *   (IDX_leads_opened_by, walked per operator: a page reads those of their leads I opened too,
 *   few while operators read what the others opened first);
 * - opened_by = me: I have read it, no need to look.
 *
 * opened_by is an operator (users) only: the `leads` command marks read_at, the first opening by
 * anyone, but nobody's read (lead_reads), so a lead it alone opened stays unopened here. Leads
 * opened before this migration get their first opener from lead_reads. An account is never
 * deleted, only disabled; a deleted one leaves opened_by empty, which still reads right (the
 * lead is then looked at on the unopened side, where lead_reads is asked as before).
 */
export class LeadOpeners1796200000000 implements MigrationInterface {
  name = 'LeadOpeners1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "contact_submissions"
        ADD COLUMN "opened_by" uuid,
        ADD CONSTRAINT "FK_contact_submissions_opened_by" FOREIGN KEY ("opened_by")
          REFERENCES "users" ("id") ON DELETE SET NULL`);
    // Before the new indexes, which then are built once rather than kept up to date row by row.
    await queryRunner.query(`
      UPDATE contact_submissions s SET opened_by = first.user_id
        FROM (SELECT DISTINCT ON (submission_id) submission_id, user_id FROM lead_reads
               ORDER BY submission_id, at, user_id) first
       WHERE first.submission_id = s.id`);
    // Newest first like every inbox read. An index on (opened_by, created_at, id) alone would not
    // do for the first: Postgres takes an order from an index's later columns only after an
    // equality on the earlier ones, and IS NULL is none.
    const unopened = 'WHERE spam_reason IS NULL AND opened_by IS NULL';
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_unopened" ON "contact_submissions" ("created_at", "id") ${unopened}`,
    );
    // One per kind, as for the inbox's own (migration 1795600000000): Postgres has no statistics
    // of lead_kind(message), guesses a kind rare, and so walked a kind's index for the unopened
    // leads among all of that kind (29,000 leads for a page of unread contact requests).
    for (const kind of ['contact', 'accessibility']) {
      await queryRunner.query(
        `CREATE INDEX "IDX_leads_unopened_${kind}" ON "contact_submissions" ("created_at", "id") ${unopened} AND lead_kind("message") = '${kind}'`,
      );
    }
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_opened_by" ON "contact_submissions" ("opened_by", "created_at", "id")
        WHERE spam_reason IS NULL AND opened_by IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'IDX_leads_opened_by',
      'IDX_leads_unopened_accessibility',
      'IDX_leads_unopened_contact',
      'IDX_leads_unopened',
    ]) {
      await queryRunner.query(`DROP INDEX "${index}"`);
    }
    await queryRunner.query(`
      ALTER TABLE "contact_submissions" DROP CONSTRAINT "FK_contact_submissions_opened_by",
        DROP COLUMN "opened_by"`);
  }
}
