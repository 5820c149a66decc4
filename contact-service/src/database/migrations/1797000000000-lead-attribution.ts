import type { MigrationInterface, QueryRunner } from 'typeorm';
import { brief, buildIndex } from '../online-ddl.js';

/**
 * What brought each lead (src/leads/attribution.ts): the campaign parameters, the landing path
 * and the referrer's host the form sent, each bounded as contract/attribution.json says; and the
 * source, medium and campaign the sources report counts it under (leads/attribution.ts
 * `sourceOf`, written with the lead). Leads from before have none: the report shows them as
 * "(not recorded)".
 *
 * Run while the form takes leads: nullable columns without a default change only the catalog
 * (a moment's lock), and the report's index is built CONCURRENTLY. IDX_leads_sources covers the
 * report's read of a range of days (src/inbox/source-report.ts) without touching the heap.
 */
const COLUMNS: [string, number][] = [
  ['utm_source', 200],
  ['utm_medium', 200],
  ['utm_campaign', 200],
  ['utm_term', 200],
  ['utm_content', 200],
  ['gclid', 200],
  ['msclkid', 200],
  ['li_fat_id', 200],
  ['landing_path', 500],
  ['referrer_host', 253],
  ['source', 253],
  ['medium', 200],
  ['campaign', 200],
];

const INDEX = 'IDX_leads_sources';

export class LeadAttribution1797000000000 implements MigrationInterface {
  name = 'LeadAttribution1797000000000';
  transaction = false as const;

  async up(queryRunner: QueryRunner): Promise<void> {
    const columns = COLUMNS.map(
      ([name, length]) => `ADD COLUMN IF NOT EXISTS "${name}" varchar(${length})`,
    );
    await brief(queryRunner, `ALTER TABLE "contact_submissions" ${columns.join(', ')}`);
    await buildIndex(
      queryRunner,
      INDEX,
      `("created_at") INCLUDE ("id", "source", "medium", "campaign")
        WHERE spam_reason IS NULL AND kind = 'contact'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX CONCURRENTLY IF EXISTS "${INDEX}"`);
    const columns = COLUMNS.map(([name]) => `DROP COLUMN IF EXISTS "${name}"`);
    await brief(queryRunner, `ALTER TABLE "contact_submissions" ${columns.join(', ')}`);
  }
}
