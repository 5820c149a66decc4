import statement from '@proposal-site/contract/accessibility-statement.json' with { type: 'json' };
import { ApiProperty } from '@nestjs/swagger';
import { CRITERION_IDS, criterionLabel, type OpenReport } from '../leads/accessibility-report.js';
import { calendarDate } from '../integrations/sender-answer.js';

/** A confirmed, unresolved report, as read for the statement (statement.service.ts). */
export type { OpenReport };

/**
 * The accessibility statement as the site and `/accessibility.json` give it: the data of
 * contract/accessibility-statement.json, and its known limitations, the fixed ones of that file
 * followed by every confirmed report of the team that is not resolved (leads/
 * accessibility-report.ts), as one list of the same shape.
 */
export class Limitation {
  /** What is not accessible, in a sentence the team wrote or the service made from a report. */
  @ApiProperty() text!: string;
  @ApiProperty({ type: [String], enum: CRITERION_IDS, enumName: 'CriterionId' })
  criteria!: string[];
  /** The page it is on; null: the whole site. */
  @ApiProperty({ type: String, nullable: true }) page!: string | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ type: String, nullable: true }) alternative!: string | null;
  /** When the report was confirmed (YYYY-MM-DD); null for the statement's own. */
  @ApiProperty({ type: String, nullable: true, format: 'date' }) reported!: string | null;
  /** When its fix is planned (YYYY-MM-DD), once assessed. */
  @ApiProperty({ type: String, nullable: true, format: 'date' }) plannedFor!: string | null;
  @ApiProperty({ enum: ['statement', 'report'] }) source!: 'statement' | 'report';
}

/** The sentence a report becomes on the statement: nothing the sender wrote is in it. */
export function limitationOf(report: OpenReport): Limitation {
  const plan =
    report.status === 'wont_fix'
      ? 'We do not plan to change it.'
      : report.plannedFor
        ? `We plan to fix it by ${calendarDate(report.plannedFor)}.`
        : 'We are assessing it.';
  return {
    text: `${report.page}: ${criterionLabel(report.criterion)} is not met, as reported to us and confirmed on ${calendarDate(report.reported)}. ${plan}`,
    criteria: [report.criterion],
    page: report.page,
    reason: report.status === 'wont_fix' ? report.reason : null,
    alternative: 'Contact us and we will give you the information or service in another way.',
    reported: report.reported,
    plannedFor: report.status === 'wont_fix' ? null : report.plannedFor,
    source: 'report',
  };
}

/** The fixed limitations of the file (`{toastSeconds}` is the site's to fill, not ours). */
export const FIXED_LIMITATIONS: Limitation[] = statement.limitations.map((limitation) => ({
  text: limitation.text,
  criteria: limitation.criteria,
  page: null,
  reason: limitation.reason,
  alternative: limitation.alternative,
  reported: null,
  plannedFor: null,
  source: 'statement',
}));

/** The statement's date of next review, and whether it has passed (a review missed). */
export class StatementReview {
  @ApiProperty({ format: 'date' }) lastReview!: string;
  @ApiProperty({ format: 'date' }) nextReview!: string;
  @ApiProperty() overdue!: boolean;
}

/** `today`: YYYY-MM-DD in the support time zone (support-hours.ts's supportDate). */
export const reviewOf = (today: string): StatementReview => ({
  lastReview: statement.lastReview,
  nextReview: statement.nextReview,
  overdue: statement.nextReview < today,
});

export class StatementDocument {
  @ApiProperty() standard!: string;
  @ApiProperty() en301549!: string;
  @ApiProperty({ enum: ['full', 'partial', 'none'] }) status!: string;
  @ApiProperty({ format: 'date' }) preparedOn!: string;
  @ApiProperty() method!: string;
  @ApiProperty({ type: StatementReview }) review!: StatementReview;
  @ApiProperty() enforcement!: { name: string; url: string };
  @ApiProperty({ type: [Limitation] }) limitations!: Limitation[];
}

export function documentOf(today: string, reports: OpenReport[]): StatementDocument {
  const { standard, en301549, status, preparedOn, method, enforcement } = statement;
  return {
    standard,
    en301549,
    status,
    preparedOn,
    method,
    review: reviewOf(today),
    enforcement,
    limitations: [...FIXED_LIMITATIONS, ...reports.map(limitationOf)],
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escaped = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/**
 * The reports' limitations as list items, for the prerendered page: nginx includes them where
 * the page marks them (frontend/scripts/prerender.mjs; infra/nginx/snippets/static-site.conf).
 */
export function limitationItems(reports: OpenReport[]): string {
  return reports
    .map(limitationOf)
    .map(
      (limitation) =>
        `<li data-source="report">${escaped(limitation.text)}${limitation.reason ? ` ${escaped(`Why: ${limitation.reason}`)}` : ''} ${escaped(limitation.alternative ?? '')}</li>\n`,
    )
    .join('');
}
