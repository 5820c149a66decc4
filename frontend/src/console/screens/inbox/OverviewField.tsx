import type { FieldPercentile } from '../../api/inbox-api';
import { ColumnHeads } from '../../ui/ColumnHeads';

const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

/** A 75th percentile as people read it: seconds (or milliseconds) for times, the score for CLS. */
function percentileText(metric: (typeof METRICS)[number], p75: number | null): string {
  if (p75 === null) return metric === 'CLS' ? 'over 2' : 'over 60 s';
  if (metric === 'CLS') return `≤ ${p75}`;
  return p75 < 1 ? `≤ ${Math.round(p75 * 1000)} ms` : `≤ ${p75} s`;
}

/**
 * How fast the public pages are for their visitors: each page's 75th percentile of the Core Web
 * Vitals over the last 28 days, as visitors' browsers measured them (POST /api/measurements). A
 * percentile is the upper bound of the histogram bucket it falls in.
 */
export function FieldPerformance({ field }: { field: FieldPercentile[] }) {
  const routes = [...new Set(field.map((row) => row.route))].sort();
  const cell = (route: string, metric: (typeof METRICS)[number]) =>
    field.find((row) => row.route === route && row.metric === metric);
  return (
    <section aria-labelledby="overview-field">
      <h2 id="overview-field">Page speed for visitors</h2>
      {routes.length === 0 ? (
        <p>No measurements from visitors in the last 28 days.</p>
      ) : (
        <table>
          <caption>
            75th percentile per page, last 28 days, as visitors&rsquo; browsers measured it
          </caption>
          <ColumnHeads names={['Page', 'Page views', ...METRICS]} />
          <tbody>
            {routes.map((route) => (
              <tr key={route}>
                <th scope="row">{route === '404' ? 'Not found (404)' : route}</th>
                <td>{Math.max(...field.filter((r) => r.route === route).map((r) => r.views))}</td>
                {METRICS.map((metric) => {
                  const row = cell(route, metric);
                  return <td key={metric}>{row ? percentileText(metric, row.p75) : '–'}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
