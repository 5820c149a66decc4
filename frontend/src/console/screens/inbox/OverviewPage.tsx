import { Link } from 'wouter';
import { useOverviewQuery, type LeadKind, type Overview } from '../../api/inbox-api';
import { PageHeading } from '../../ui/PageHeading';
import { BookedCalls } from './OverviewBookings';
import { FieldPerformance } from './OverviewField';
import { OpenPromises, PromisesKept } from './OverviewPromises';
import { hoursText, KIND_LABELS, KINDS, weekText } from './words';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { QueryState } from '../../ui/QueryState';

/**
 * The small overview of the last 12 weeks: leads per week by kind (a chart, and the same numbers
 * in a table, which is what a screen reader reads), the median time to a first status change,
 * the open promises overdue or due soon, how well the promises were kept week by week, and how
 * fast the public pages are for their visitors.
 */
export function OverviewPage() {
  const overview = useOverviewQuery();
  return (
    <>
      <PageHeading>Overview</PageHeading>
      <QueryState query={overview} />
      {overview.data && <OverviewDetails overview={overview.data} />}
    </>
  );
}

function OverviewDetails({ overview }: { overview: Overview }) {
  const weeks = [...new Set(overview.weekly.map((row) => row.week))].sort();
  const count = (week: string, kind: LeadKind) =>
    overview.weekly.find((row) => row.week === week && row.kind === kind)?.n ?? 0;
  return (
    <>
      <OpenPromises overview={overview} />
      {overview.statementReview && <StatementReviewLine review={overview.statementReview} />}
      <section aria-labelledby="overview-weekly">
        <h2 id="overview-weekly">Leads per week</h2>
        {weeks.length === 0 ? (
          <p>No leads in the last 12 weeks.</p>
        ) : (
          <>
            <WeeklyChart weeks={weeks} count={count} />
            <table>
              <caption>Leads per week (the week of the Monday), last 12 weeks</caption>
              <ColumnHeads names={['Week of', ...KINDS.map((kind) => KIND_LABELS[kind])]} />
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
          <ColumnHeads names={['Kind', 'Leads moved on', 'Median time']} />
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
      {overview.promises && <PromisesKept promises={overview.promises} />}
      {overview.bookings && <BookedCalls bookings={overview.bookings} />}
      {overview.knownSourceShare !== undefined && (
        <section aria-labelledby="overview-sources">
          <h2 id="overview-sources">Sources</h2>
          <p>
            {overview.knownSourceShare === null
              ? 'No contact requests in the last 28 days.'
              : `${Math.round(overview.knownSourceShare * 100)} % of the last 28 days' contact requests came with a known source: a campaign, an ad click or another site's link.`}{' '}
            <Link href="/sources">Which sources bring calls</Link>
          </p>
        </section>
      )}
      {overview.field && <FieldPerformance field={overview.field} />}
    </>
  );
}

/**
 * The accessibility statement says when it is reviewed next (contract/
 * accessibility-statement.json): a date in the past is a promise the site makes and the team
 * has not kept, shown until an operator reviews it and ships the new dates.
 */
function StatementReviewLine({ review }: { review: NonNullable<Overview['statementReview']> }) {
  return (
    <section aria-labelledby="overview-statement">
      <h2 id="overview-statement">Accessibility statement</h2>
      <p className={review.overdue ? 'due overdue' : undefined}>
        {review.overdue
          ? `Its review was due on ${review.nextReview} and has not been done: the public statement still promises it. Review the statement, then set its dates in contract/accessibility-statement.json.`
          : `Next review due on ${review.nextReview} (last reviewed ${review.lastReview}).`}
      </p>
    </section>
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
