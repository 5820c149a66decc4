import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lead inbox (src/inbox/): where each lead stands in its team's workflow, who read it, its
 * status history and the team's notes, and what makes the inbox fast at a million leads.
 *
 * - status: a contact request goes new → contacted → qualified | not_a_fit, accessibility feedback
 *   new → acknowledged → assessed → resolved (src/leads/lead-status.ts holds the transitions).
 * - read_at: when an operator first opened the lead (none: unread).
 * - lead_status_changes and lead_notes go with their lead (ON DELETE CASCADE): an erasure leaves
 *   no note behind.
 * - lead_kind(message): the kind rule in SQL (src/leads/lead-kind.ts's kindSql calls it;
 *   test/lead-kind.e2e-spec.ts holds it to kindOf). The subject line is the contract's, as it
 *   stood when this migration was written.
 * - lead_fold(text) and lead_search_document(…): the search rule. Text is folded (NFKD, combining
 *   marks removed, lower case), so "Zoë" is found by "zoe", "Ελένη" by "ελενη"; the query goes
 *   through the same parser and fold (lead_search_query), each word as a prefix.
 * - Indexes: one per shape of inbox read (newest first, by status, by kind and status, spam,
 *   search), so that no inbox path scans the table (bench/inbox-bench.ts prints the plans and
 *   fails on such a scan).
 *
 * Functions call each other by their schema's name: Postgres 17 builds an index with a search
 * path of pg_catalog only.
 */
export class LeadInbox1795600000000 implements MigrationInterface {
  name = 'LeadInbox1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION lead_kind(message text) RETURNS varchar
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT CASE WHEN starts_with(coalesce(message, ''), 'Subject: Accessibility Feedback' || E'\\n\\n')
                      THEN 'accessibility' ELSE 'contact' END $$`);
    // Lower case of every script, whatever the database's own locale (the embedded database has
    // none, where lower() knows ASCII only): Postgres' built-in UTF-8 collation (17 and later), or
    // ICU's root locale, whichever the server has; else the database's own.
    const [{ collation }] = (await queryRunner.query(
      `SELECT coalesce((SELECT collname FROM pg_collation
                         WHERE collname IN ('pg_c_utf8', 'und-x-icu')
                         ORDER BY collname = 'pg_c_utf8' DESC LIMIT 1), '') AS collation`,
    )) as [{ collation: string }];
    const unicode = collation ? ` COLLATE "${collation}"` : '';
    await queryRunner.query(`
      CREATE FUNCTION lead_fold(value text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT lower((regexp_replace(normalize(value, NFKD),
          '[\\u0300-\\u036f\\u0483-\\u0489\\u0591-\\u05c7\\u0610-\\u061a\\u064b-\\u065f\\u0670\\u06d6-\\u06ed\\u0900-\\u0903\\u093a-\\u094f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\u3099\\u309a\\ufe20-\\ufe2f]',
          '', 'g'))${unicode}) $$`);
    // The search text of a lead, stored beside it (search_document) and indexed: folding and
    // parsing a lead takes ~100 µs, too much to do again while reading a page, and a column
    // carries statistics, so the planner knows a rare word from a common one (bench/inbox-bench.ts:
    // as an expression, "maria" in 14,000 of a million leads took 400 ms; as a column, 1-18 ms).
    await queryRunner.query(`
      CREATE FUNCTION lead_search_document(name text, company text, role text, email text, message text)
        RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 5000 AS $$
        BEGIN
          RETURN to_tsvector('simple'::regconfig,
            public.lead_fold(name || ' ' || company || ' ' || role || ' ' || email || ' '
              || translate(email, '@.', '  ') || ' ' || coalesce(message, '')));
        END $$`);
    // Every word of the query, parsed and folded as the documents are, as a prefix; all must match.
    await queryRunner.query(`
      CREATE FUNCTION lead_search_query(query text) RETURNS tsquery
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT (SELECT coalesce(string_agg(
                  '''' || replace(replace(word, '\\', '\\\\'), '''', '''''') || ''':*', ' & '), '')::tsquery
                  FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, public.lead_fold(query)))) AS word) $$`);

    await queryRunner.query(`
      ALTER TABLE "contact_submissions"
        ADD COLUMN "status" varchar(16) NOT NULL DEFAULT 'new',
        ADD COLUMN "read_at" timestamptz,
        ADD CONSTRAINT "CHK_contact_submissions_status" CHECK ("status" IN
          ('new', 'contacted', 'qualified', 'not_a_fit', 'acknowledged', 'assessed', 'resolved'))`);
    await queryRunner.query(`
      CREATE TABLE "lead_status_changes" (
        "id" bigserial NOT NULL,
        "submission_id" uuid NOT NULL,
        "at" timestamptz NOT NULL DEFAULT now(),
        "actor" varchar(200) NOT NULL,
        "from_status" varchar(16) NOT NULL,
        "to_status" varchar(16) NOT NULL,
        CONSTRAINT "PK_lead_status_changes" PRIMARY KEY ("id"),
        CONSTRAINT "FK_lead_status_changes_submission" FOREIGN KEY ("submission_id")
          REFERENCES "contact_submissions" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_lead_status_changes_submission" ON "lead_status_changes" ("submission_id", "at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "lead_notes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "submission_id" uuid NOT NULL,
        "at" timestamptz NOT NULL DEFAULT now(),
        "author" varchar(200) NOT NULL,
        "body" text NOT NULL,
        CONSTRAINT "PK_lead_notes" PRIMARY KEY ("id"),
        CONSTRAINT "FK_lead_notes_submission" FOREIGN KEY ("submission_id")
          REFERENCES "contact_submissions" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_lead_notes_submission" ON "lead_notes" ("submission_id", "at")`,
    );

    const inbox = `WHERE spam_reason IS NULL`;
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_inbox" ON "contact_submissions" ("created_at", "id") ${inbox}`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_inbox_status" ON "contact_submissions" ("status", "created_at", "id") ${inbox}`,
    );
    // One per kind, so that the counts of a kind read the index alone: Postgres does not take an
    // expression (lead_kind(message)) from an index without reading the row, but a predicate's
    // columns it needs not read. A new kind needs an index of its own.
    for (const kind of ['contact', 'accessibility']) {
      await queryRunner.query(
        `CREATE INDEX "IDX_leads_inbox_${kind}" ON "contact_submissions" ("status", "created_at", "id") ${inbox} AND lead_kind("message") = '${kind}'`,
      );
    }
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_spam" ON "contact_submissions" ("created_at", "id") WHERE spam_reason IS NOT NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE "contact_submissions" ADD COLUMN "search_document" tsvector
        GENERATED ALWAYS AS (lead_search_document("name", "company", "role", "email", "message")) STORED`);
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" ALTER COLUMN "search_document" SET STATISTICS 1000`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_search" ON "contact_submissions" USING gin ("search_document")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'IDX_leads_search',
      'IDX_leads_spam',
      'IDX_leads_inbox_accessibility',
      'IDX_leads_inbox_contact',
      'IDX_leads_inbox_status',
      'IDX_leads_inbox',
    ]) {
      await queryRunner.query(`DROP INDEX "${index}"`);
    }
    await queryRunner.query(`DROP TABLE "lead_notes"`);
    await queryRunner.query(`DROP TABLE "lead_status_changes"`);
    await queryRunner.query(`
      ALTER TABLE "contact_submissions" DROP CONSTRAINT "CHK_contact_submissions_status",
        DROP COLUMN "search_document",
        DROP COLUMN "read_at", DROP COLUMN "status"`);
    await queryRunner.query(`DROP FUNCTION lead_search_query(text)`);
    await queryRunner.query(`DROP FUNCTION lead_search_document(text, text, text, text, text)`);
    await queryRunner.query(`DROP FUNCTION lead_fold(text)`);
    await queryRunner.query(`DROP FUNCTION lead_kind(text)`);
  }
}
