// The inbox benchmark's gates on query plans (bench/inbox-bench.ts): each path's statements run
// again with EXPLAIN (ANALYZE, BUFFERS) and sequential scans ruled out, then rolled back, so that
// a small table, which Postgres rightly reads whole, still shows whether an index serves a path.
import type { DataSource } from 'typeorm';
import {
  buffersOf,
  heaviestScan,
  planLine,
  rowsTouched,
  scansWhole,
  type PlanNode,
} from './query-plans.js';

async function analyzed(dataSource: DataSource, sql: string, parameters: unknown[]) {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  try {
    await runner.query('SET LOCAL enable_seqscan = off');
    const explain = `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`;
    const [{ 'QUERY PLAN': plans }] = (await runner.query(explain, parameters)) as [
      { 'QUERY PLAN': [{ Plan: PlanNode }] },
    ];
    return plans[0].Plan;
  } finally {
    await runner.rollbackTransaction(); // the lead screen's statements mark a lead read
    await runner.release();
  }
}

/**
 * Each kept statement's plan, and what fails the run in it: with sequential scans ruled out, a
 * Seq Scan of contact_submissions (no index serves the path), or a page that touched more than
 * touchedPerRow rows of it per row it shows; at full size, a Seq Scan in the plan Postgres
 * chooses by itself.
 */
export async function checkPlans(
  dataSource: DataSource,
  statements: ReadonlyMap<string, readonly { sql: string; parameters: unknown[] }[]>,
  pageSizes: ReadonlyMap<string, number>,
  { full, touchedPerRow }: { full: boolean; touchedPerRow: number },
  failures: string[],
) {
  const table = 'contact_submissions';
  const n = (value: number) => value.toLocaleString('en');
  console.log(
    `\nPlans (one call of each path, the deepest page reached of each filter; audit records left out), analyzed with enable_seqscan off; rows of ${table} touched and buffers read, each row's lookups (subplans) left out:`,
  );
  for (const [path, kept] of statements) {
    for (const { sql, parameters } of kept.filter(({ sql }) => !/audit_(log|key)/.test(sql))) {
      const plan = await analyzed(dataSource, sql, parameters);
      const [line, touched, page] = [planLine(plan), rowsTouched(plan, table), pageSizes.get(path)];
      if (scansWhole(plan, table)) {
        failures.push(
          `${path}: Seq Scan on ${table} even with enable_seqscan off: no index serves it`,
        );
      }
      if (page && touched > touchedPerRow * page) {
        failures.push(
          `${path}: touched ${n(touched)} rows of ${table} for a page of ${n(page)} (at most ${n(touchedPerRow * page)}), ${heaviestScan(plan, table)}`,
        );
      }
      console.log(`  ${path}: ${line}; ${n(touched)} rows, ${n(buffersOf(plan))} buffers`);
      if (!full) continue;
      // At full size, the plan Postgres chooses by itself must use the index too.
      const [{ 'QUERY PLAN': chosen }] = (await dataSource.query(
        `EXPLAIN (FORMAT JSON) ${sql}`,
        parameters,
      )) as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
      const own = planLine(chosen[0].Plan);
      if (scansWhole(chosen[0].Plan, table)) {
        failures.push(`${path}: Seq Scan on ${table} in the plan Postgres chose: ${own}`);
      }
      if (own !== line) console.log(`    as Postgres chooses it by itself: ${own}`);
    }
  }
}
