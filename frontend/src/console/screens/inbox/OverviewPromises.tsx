import { Link } from 'wouter';
import type {
  LeadKind,
  LeadStatus,
  Overview,
  PromisedStep,
  PromiseWeek,
} from '../../api/inbox-api';
import { hoursText, KIND_LABELS, KINDS, stepLabel, weekText } from './words';
import { ColumnHeads } from '../../ui/ColumnHeads';

/**
 * The status a lead waits in while a step is open (contact-service/src/leads/lead-status.ts,
 * pendingStep), so a link shows the leads of that step alone. A contact request has one step,
 * so its kind is enough.
 */
const STEP_STATUS: Partial<Record<PromisedStep, LeadStatus>> = {
  acknowledge: 'new',
  assess: 'acknowledged',
};

const inboxLink = (kind: LeadKind, step: string, due: 'overdue' | 'soon') => {
  const query = new URLSearchParams({ kind });
  const status = STEP_STATUS[step as PromisedStep];
  if (status) query.set('status', status);
  query.set('due', due);
  return `/?${query}`;
};

/**
 * The open promises past due or due soon, per kind and step, each count a link to the inbox's
 * matching filter (a list: the screen's tables are its statistics). A service older than the
 * promises answers `accessibility` instead, shown as it was.
 */
export function OpenPromises({ overview }: { overview: Overview }) {
  if (!overview.due) {
    if (!overview.accessibility) return null;
    const { overdue, dueToday } = overview.accessibility;
    return (
      <section aria-labelledby="overview-promises">
        <h2 id="overview-promises">Accessibility promises</h2>
        <p>
          <Link href="/?kind=accessibility&due=overdue">{overdue} overdue</Link> ·{' '}
          <Link href="/?kind=accessibility&due=today">{dueToday} due today</Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="overview-promises">
      <h2 id="overview-promises">Open promises</h2>
      {overview.due.length === 0 ? (
        <p>No promise is overdue or due soon.</p>
      ) : (
        <ul>
          {overview.due.map((row) => {
            const about = `${KIND_LABELS[row.kind]}, ${stepLabel(row.step).verb.toLowerCase()}`;
            return (
              <li key={`${row.kind}-${row.step}`}>
                {about}:{' '}
                <Link href={inboxLink(row.kind, row.step, 'overdue')}>
                  {row.overdue} overdue<span className="visually-hidden"> ({about})</span>
                </Link>{' '}
                ·{' '}
                <Link href={inboxLink(row.kind, row.step, 'soon')}>
                  {row.soon} due soon<span className="visually-hidden"> ({about})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const keptText = (row: PromiseWeek) =>
  row.keptShare === null
    ? 'none due yet'
    : `${Math.round(row.keptShare * 100)} % (${row.kept} of ${row.kept + row.late})`;

const hoursOrNone = (hours: number | null) => (hours === null ? 'none yet' : hoursText(hours));

/** Per week of receipt and kind: the promises answered, the share kept, the first responses. */
export function PromisesKept({ promises }: { promises: PromiseWeek[] }) {
  const rows = [...promises].sort(
    (a, b) => a.week.localeCompare(b.week) || KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind),
  );
  return (
    <section aria-labelledby="overview-kept">
      <h2 id="overview-kept">Promises kept</h2>
      {rows.length === 0 ? (
        <p>No promises in the last 12 weeks.</p>
      ) : (
        <table>
          <caption>
            Promises kept per week of receipt (the week of the Monday). Kept on time: of the
            promises answered or past their due time, the share answered in time. First response:
            the time from receipt to the lead’s first status change.
          </caption>
          <ColumnHeads
            names={[
              'Week of',
              'Kind',
              'Answered',
              'Kept on time',
              'Median first response',
              '90th percentile',
            ]}
          />
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.week}-${row.kind}`}>
                <th scope="row">{weekText(row.week)}</th>
                <td>{KIND_LABELS[row.kind]}</td>
                <td>{row.answered}</td>
                <td>{keptText(row)}</td>
                <td>{hoursOrNone(row.medianHours)}</td>
                <td>{hoursOrNone(row.p90Hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
