import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, Matches, MaxLength, ValidateIf } from 'class-validator';
import { RefusedAs } from '../../../http/body-validation.pipe.js';
import {
  CRITERION_IDS,
  REPORT_LIMITS,
  SEVERITIES,
  type Severity,
} from '../../../leads/accessibility-report.js';

const notExpected = (name: string) => `${JSON.stringify(name.slice(0, 40))} is not expected.`;
const orNull = (name: string) =>
  ValidateIf((body) => (body as Record<string, unknown>)[name] !== null);
/** No control character: what an operator types is shown on the public statement. */
const PRINTABLE = /^[^\p{Cc}\p{Cs}]*$/u;

/**
 * What accessibility feedback reports, as an operator tags it (PUT
 * /api/console/leads/:id/accessibility): every field is sent, null where it is not known yet.
 */
@RefusedAs({
  notObject:
    'Send a JSON object with criterion, page, assistiveTechnology, severity and confirmed.',
  unknownField: notExpected,
})
export class ReportBody {
  /** A WCAG 2.2 success criterion ("1.4.3") or an EN 301 549 clause ("EN 12.2.2"). */
  @ApiProperty({ type: String, nullable: true, enum: CRITERION_IDS, enumName: 'CriterionId' })
  @orNull('criterion')
  @IsIn(CRITERION_IDS, {
    message: 'Choose the criterion from the catalog: a WCAG 2.2 A or AA criterion such as 1.4.3.',
  })
  criterion!: string | null;

  /** The page of the site, as its path ("/about"). */
  @ApiProperty({ type: String, nullable: true, maxLength: REPORT_LIMITS.page })
  @orNull('page')
  @Matches(/^\/[^\s?#]*$/, { message: 'Give the page as its path on the site, such as /about.' })
  @MaxLength(REPORT_LIMITS.page, {
    message: `Give the page in at most ${REPORT_LIMITS.page} characters.`,
  })
  page!: string | null;

  /** The browser or assistive technology the sender used ("NVDA 2025.3 with Firefox"). */
  @ApiProperty({ type: String, nullable: true, maxLength: REPORT_LIMITS.assistiveTechnology })
  @orNull('assistiveTechnology')
  @Matches(PRINTABLE, { message: 'Write the assistive technology without control characters.' })
  @MaxLength(REPORT_LIMITS.assistiveTechnology, {
    message: `Name the assistive technology in at most ${REPORT_LIMITS.assistiveTechnology} characters.`,
  })
  assistiveTechnology!: string | null;

  @ApiProperty({ enum: SEVERITIES, enumName: 'Severity', nullable: true })
  @orNull('severity')
  @IsIn(SEVERITIES, { message: `Choose the severity: ${SEVERITIES.join(', ')}.` })
  severity!: Severity | null;

  /** The team reproduced it: until it is resolved, the statement lists it. */
  @ApiProperty()
  @IsBoolean({ message: 'Say whether the team confirmed the report: true or false.' })
  confirmed!: boolean;
}
