import { Link } from 'wouter';
import { problemText } from '../../api/console-api';
import { useOverviewQuery, type LeadKind, type Overview } from '../../api/inbox-api';
import { PageHeading } from '../../ui/PageHeading';
import { KIND_LABELS } from './words';

const KINDS: LeadKind[] = ['contact', 'accessibility'];
const weekFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const weekText = (week: string) => weekFormat.format(new Date(`${week}T00:00:00Z`));

/** "3 h 20 min", "2 days 4 h": a median time to a first status change. */
function hoursText(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.floor(hours)} h ${Math.round((hours % 1) * 60)} min`;
  return `${Math.floor(hours / 24)} days ${Math.round(hours % 24)} h`;
}

/**
 * The small overview of the last 12 weeks: leads per week by kind (a chart, and the same numbers
 * in a table, which is what a screen reader reads), the median time to a first status change,
 * and the accessibility promises past due or due today.
 */
export function OverviewPage() {
  const overview = useOverviewQuery();
  return (
    <>
      <PageHeading>Overview</PageHeading>
      {overview.isLoading && <p role="status">Loading…</p>}
      {overview.isError && (
        <p role="alert" className="problem">
          {problemText(overview.error)}
        </p>
      )}
      {overview.data && <OverviewDetails overview={overview.data} />}
    </>
  );
}

function OverviewDetails({ overview }: { overview: Overview }) {
  const weeks = [...new Set(overview.weekly.map((row) => row.week))].sort();
  const count = (week: string, kind: LeadKind) =>
    overview.weekly.find((row) => row.week === week && row.kind === kind)?.n ?? 0;
  const { overdue, dueToday } = overview.accessibility;
  return (
    <>
      <section aria-labelledby="overview-promises">
        <h2 id="overview-promises">Accessibility promises</h2>
        <p>
          <Link href="/?kind=accessibility&due=overdue">{overdue} overdue</Link> ·{' '}
          <Link href="/?kind=accessibility&due=today">{dueToday} due today</Link>
        </p>
      </section>
      <section aria-labelledby="overview-weekly">
        <h2 id="overview-weekly">Leads per week</h2>
        {weeks.length === 0 ? (
          <p>No leads in the last 12 weeks.</p>
        ) : (
          <>
            <WeeklyChart weeks={weeks} count={count} />
            <table>
              <caption>Leads per week (the week of the Monday), last 12 weeks</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  {KINDS.map((kind) => (
                    <th key={kind} scope="col">
                      {KIND_LABELS[kind]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week}>
                    <th scope="row">{weekText(week)}</th>
                    {KINDS.map((kind) => (
                      <td key={kind}>{count(week, kind)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <section aria-labelledby="overview-response">
        <h2 id="overview-response">Time to a first status change</h2>
        <table>
          <caption className="visually-hidden">
            Median time to a first status change by kind
          </caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Leads moved on</th>
              <th scope="col">Median time</th>
            </tr>
          </thead>
          <tbody>
            {KINDS.map((kind) => {
              const row = overview.firstResponse.find((r) => r.kind === kind);
              return (
                <tr key={kind}>
                  <th scope="row">{KIND_LABELS[kind]}</th>
                  <td>{row?.leads ?? 0}</td>
                  <td>{row ? hoursText(row.medianHours) : 'none yet'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** Bars per week, one colour per kind; hidden from screen readers, which read the table. */
function WeeklyChart({
  weeks,
  count,
}: {
  weeks: string[];
  count: (week: string, kind: LeadKind) => number;
}) {
  const height = 160;
  const band = 48;
  const max = Math.max(1, ...weeks.flatMap((week) => KINDS.map((kind) => count(week, kind))));
  return (
    <figure className="chart">
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox={`0 0 ${Math.max(weeks.length, 12) * band} ${height + 24}`}
        preserveAspectRatio="xMinYMin meet"
      >
        {weeks.map((week, i) =>
          KINDS.map((kind, k) => {
            const value = count(week, kind);
            const barHeight = (value / max) * height;
            return (
              <rect
                key={`${week}-${kind}`}
                className={`bar ${kind}`}
                x={i * band + 6 + k * 18}
                y={height - barHeight}
                width={16}
                height={barHeight}
              />
            );
          }),
        )}
        {weeks.map((week, i) => (
          <text key={week} x={i * band + 4} y={height + 16} className="axis">
            {weekText(week)}
          </text>
        ))}
      </svg>
      <figcaption>
        <span className="key contact" aria-hidden="true" /> {KIND_LABELS.contact}{' '}
        <span className="key accessibility" aria-hidden="true" /> {KIND_LABELS.accessibility}
      </figcaption>
    </figure>
  );
}
