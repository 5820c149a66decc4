import type { QueryRunner } from 'typeorm';
import { rows } from './rows.js';

// Schema changes made while the form takes leads (`make upgrade` starts the new replicas beside
// the old): none holds a lock that stops an insert for more than a moment, and each may run
// again, so a start cut off midway finishes at the next (migration 1796700000000 says why).

/**
 * A statement that needs the table to itself, for a moment: it gives up after 2 s rather than
 * make every insert wait behind it while a long transaction holds the table, and tries again.
 */
export async function brief(queryRunner: QueryRunner, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await queryRunner.query(`SET lock_timeout = '2s'`);
    try {
      await queryRunner.query(sql);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03' || attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await queryRunner.query(`RESET lock_timeout`);
    }
  }
}

/** A CHECK constraint added NOT VALID (a moment) and validated while writes go on. */
export async function addValidated(queryRunner: QueryRunner, name: string, check: string) {
  const [exists] = await rows<unknown>(
    queryRunner,
    `SELECT 1 FROM pg_constraint WHERE conname = $1 AND conrelid = 'contact_submissions'::regclass`,
    [name],
  );
  if (!exists) {
    await brief(
      queryRunner,
      `ALTER TABLE "contact_submissions" ADD CONSTRAINT "${name}" CHECK (${check}) NOT VALID`,
    );
  }
  await queryRunner.query(`ALTER TABLE "contact_submissions" VALIDATE CONSTRAINT "${name}"`);
}

/** Builds an index CONCURRENTLY, first dropping a build that an earlier attempt left invalid. */
export async function buildIndex(queryRunner: QueryRunner, name: string, on: string) {
  const [index] = await rows<{ valid: boolean }>(
    queryRunner,
    `SELECT i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
      WHERE c.relname = $1`,
    [name],
  );
  if (index?.valid) return;
  if (index) await queryRunner.query(`DROP INDEX CONCURRENTLY "${name}"`);
  await queryRunner.query(`CREATE INDEX CONCURRENTLY "${name}" ON "contact_submissions" ${on}`);
}
