import type { DataSource } from 'typeorm';
import { CLS_BUCKETS, TIME_BUCKETS } from '../metrics/field-metrics.js';
import { VITALS, type VitalName } from './measurement-body.js';
import { ApiProperty } from '@nestjs/swagger';
import { rows } from '../database/rows.js';

/**
 * The field measurements kept for the console's overview: per day (UTC), page, metric and
 * histogram bucket (`le`, its upper bound, as Prometheus has them), a count. Counted in memory
 * and written in one statement every FLUSH_MS per replica, so a burst of page views costs no
 * statement per beacon, and no row on the public write path of leads is touched.
 */
export const FLUSH_MS = 30_000;
/** How many days the overview's percentiles cover; older days are removed by the flush. */
export const FIELD_DAYS = 28;

export function bucketOf(name: VitalName, value: number): number {
  const bounds = name === 'CLS' ? CLS_BUCKETS : TIME_BUCKETS;
  return bounds.find((bound) => value <= bound) ?? Infinity;
}

export class FieldMeasurementBuffer {
  private counts = new Map<
    string,
    { day: string; route: string; metric: string; le: number; n: number }
  >();

  add(route: string, metric: VitalName, le: number, now = new Date()): void {
    this.count(now.toISOString().slice(0, 10), route, metric, le, 1);
  }

  private count(day: string, route: string, metric: string, le: number, n: number): void {
    const key = `${day}\u0000${route}\u0000${metric}\u0000${le}`;
    const entry = this.counts.get(key);
    if (entry) entry.n += n;
    else this.counts.set(key, { day, route, metric, le, n });
  }

  /** Writes what was counted since the last flush (and drops days past FIELD_DAYS). */
  async flush(dataSource: DataSource): Promise<void> {
    if (this.counts.size === 0) return;
    const rows = [...this.counts.values()];
    this.counts = new Map();
    try {
      await dataSource.query(
        `INSERT INTO field_measurements (day, route, metric, le, n)
           SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::float8[], $5::bigint[])
         ON CONFLICT (day, route, metric, le) DO UPDATE SET n = field_measurements.n + excluded.n`,
        [
          rows.map((row) => row.day),
          rows.map((row) => row.route),
          rows.map((row) => row.metric),
          rows.map((row) => (row.le === Infinity ? 'Infinity' : String(row.le))),
          rows.map((row) => row.n),
        ],
      );
    } catch (error) {
      // Put them back: the next flush tries again.
      for (const row of rows) this.count(row.day, row.route, row.metric, row.le, row.n);
      throw error;
    }
    await dataSource.query(`DELETE FROM field_measurements WHERE day < current_date - $1::int`, [
      FIELD_DAYS,
    ]);
  }
}

export class FieldPercentile {
  @ApiProperty() route!: string;
  @ApiProperty({ enum: VITALS, enumName: 'VitalName' }) metric!: VitalName;
  /** Page views measured in the period. */
  @ApiProperty({ type: 'integer' }) views!: number;
  /**
   * The 75th percentile, as the upper bound of the bucket it falls in (seconds, or the CLS
   * score), as Google's Core Web Vitals assessment reads a page; null past the last bound.
   */
  @ApiProperty({ type: Number, nullable: true })
  p75!: number | null;
}

/** The 75th percentile of each page's metrics over the last FIELD_DAYS days. */
export async function fieldPercentiles(dataSource: DataSource): Promise<FieldPercentile[]> {
  const percentiles = await rows<{ route: string; metric: VitalName; views: number; p75: number }>(
    dataSource,
    `WITH buckets AS (
       SELECT route, metric, le, sum(n) AS n FROM field_measurements
        WHERE day > current_date - $1::int GROUP BY route, metric, le),
     running AS (
       SELECT route, metric, le,
              sum(n) OVER (PARTITION BY route, metric ORDER BY le) AS below,
              sum(n) OVER (PARTITION BY route, metric) AS views
         FROM buckets)
     SELECT route, metric, max(views)::int AS views,
            min(le) FILTER (WHERE below >= 0.75 * views) AS p75
       FROM running GROUP BY route, metric ORDER BY route, metric`,
    [FIELD_DAYS],
  );
  return percentiles.map((row) => ({
    ...row,
    p75: Number.isFinite(Number(row.p75)) ? Number(row.p75) : null,
  }));
}
