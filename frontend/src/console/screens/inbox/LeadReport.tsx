import catalog from '@proposal-site/contract/accessibility-criteria.json';
import { useId, useState, type FormEvent } from 'react';
import { problemText } from '../../api/console-api';
import {
  useTagReportMutation,
  type Lead,
  type ReportBody,
  type Severity,
} from '../../api/inbox-api';
import { Labelled, SubmitActions } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { VisitorText } from '../../ui/VisitorText';

const SEVERITIES: Severity[] = ['critical', 'serious', 'moderate', 'minor'];
/** The report's free-text fields: where it was met and with what, each with its bound. */
const TEXT_FIELDS = [
  {
    name: 'page',
    label: 'Page',
    hint: 'Its path on the site, such as /about.',
    maxLength: 500,
  },
  {
    name: 'assistiveTechnology',
    label: 'Assistive technology',
    hint: 'The browser and assistive technology the sender used, such as NVDA with Firefox.',
    maxLength: 100,
  },
] as const;
const criterionText = (criterion: (typeof catalog.criteria)[number]) =>
  criterion.standard === 'WCAG 2.2'
    ? `${criterion.id} ${criterion.name} (${criterion.level})`
    : `EN 301 549 ${criterion.en301549} ${criterion.name}`;

/**
 * What accessibility feedback reports, as the team tags it (contact-service/src/leads/
 * accessibility-report.ts): the criterion from the one catalog (contract/
 * accessibility-criteria.json), the page, the assistive technology, a severity, and whether the
 * team confirmed it. A confirmed report is one of the public statement's known limitations until
 * it is resolved, so the form says so before it is saved.
 */
export function LeadReport({ lead }: { lead: Lead }) {
  const id = useId();
  const [tag, state] = useTagReportMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const report = lead.report;
  if (lead.kind !== 'accessibility' || !report) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setDone('');
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || null;
    const reportBody = {
      criterion: text('criterion'),
      page: text('page'),
      assistiveTechnology: text('assistiveTechnology'),
      severity: text('severity'),
      confirmed: form.get('confirmed') === 'on',
    } as ReportBody;
    const result = await tag({ id: lead.id, reportBody });
    if ('error' in result) return setProblem(problemText(result.error));
    setDone(
      reportBody.confirmed
        ? 'Saved. The statement lists it as a known limitation within a minute.'
        : 'Saved.',
    );
  };
  const describedBy = (hint: string) =>
    [hint, problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Accessibility report</h2>
      {report.plan && (
        <p>
          Plan: <VisitorText text={report.plan} />
          {report.plannedFor && `, by ${report.plannedFor}`}
        </p>
      )}
      {report.reason && (
        <p>
          Not fixed because: <VisitorText text={report.reason} />
        </p>
      )}
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <Labelled id={`${id}-criterion`} label="Criterion">
          <select
            id={`${id}-criterion`}
            name="criterion"
            defaultValue={report.criterion ?? ''}
            aria-describedby={describedBy('')}
          >
            <option value="">Not known yet</option>
            {catalog.criteria.map((criterion) => (
              <option key={criterion.id} value={criterion.id}>
                {criterionText(criterion)}
              </option>
            ))}
          </select>
        </Labelled>
        {TEXT_FIELDS.map(({ name, label, hint, maxLength }) => (
          <Labelled key={name} id={`${id}-${name}`} label={label} hint={hint}>
            <input
              id={`${id}-${name}`}
              name={name}
              defaultValue={report[name] ?? ''}
              maxLength={maxLength}
              aria-describedby={describedBy(`${id}-${name}-hint`)}
            />
          </Labelled>
        ))}
        <Labelled id={`${id}-severity`} label="Severity">
          <select id={`${id}-severity`} name="severity" defaultValue={report.severity ?? ''}>
            <option value="">Not known yet</option>
            {SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {severity.charAt(0).toUpperCase() + severity.slice(1)}
              </option>
            ))}
          </select>
        </Labelled>
        <div className="checks">
          <label>
            <input
              type="checkbox"
              name="confirmed"
              defaultChecked={report.confirmed}
              aria-describedby={`${id}-confirmed-hint`}
            />{' '}
            Confirmed by the team
          </label>
          <p id={`${id}-confirmed-hint`} className="hint">
            A confirmed report is listed on the public accessibility statement until it is resolved.
          </p>
        </div>
        <Problem id={`${id}-problem`} text={problem} />
        <p role="status">{done}</p>
        <SubmitActions busy={state.isLoading}>Save report</SubmitActions>
      </form>
    </section>
  );
}
