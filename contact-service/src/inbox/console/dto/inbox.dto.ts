import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { CalendarDate, TextField } from '../../../http/body-fields.js';
import { REPORT_LIMITS } from '../../../leads/accessibility-report.js';
import { RefusedAs } from '../../../http/body-validation.pipe.js';
import { OneOf, queryMessage } from '../../../http/query-fields.js';
import { UUID } from '../../../leads/lead.js';
import { STATUSES, type LeadStatus } from '../../../leads/lead-status.js';
import { BULK_ACTIONS, BULK_MAX, BulkResult, type BulkAction } from '../../bulk.js';
import { Cursor, InboxFilterQuery } from '../../inbox-filter.js';
import { InboxEntry, NO_SUCH_LEAD, NOTE_MAX } from '../../inbox-types.js';

/** A page's query: the filter, and the previous page's `next`. */
export class InboxPageQuery extends InboxFilterQuery {
  @ApiPropertyOptional({ description: "The last page's `next`." })
  @Cursor()
  after?: string;
}

/** An export's query: the filter and the file's format. */
export class ExportQuery extends InboxFilterQuery {
  @ApiPropertyOptional({ enum: ['csv', 'json'] })
  @OneOf(['csv', 'json'], 'format is csv or json.')
  format?: 'csv' | 'json';
}

/** A lead's id in a path; one that is not an id names no lead (404), as the inbox answers. */
@RefusedAs({ every: () => NO_SUCH_LEAD, status: 404 })
export class LeadPath {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID)
  id!: string;
}

/** A notification's id in a path; one that is not an id names none (404). */
@RefusedAs({ every: () => 'There is no notification with that id.', status: 404 })
export class DeliveryPath {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID)
  id!: string;
}

export class InboxPage {
  @ApiProperty({ type: [InboxEntry] }) leads!: InboxEntry[];
  /** The next page's `after`, when there is one. */
  @ApiProperty({ type: String, nullable: true }) next!: string | null;
}

/** The filter's leads per status (a status with none may be left out). */
export class StatusCounts implements Partial<Record<LeadStatus, number>> {
  @ApiPropertyOptional({ type: 'integer' }) new?: number;
  @ApiPropertyOptional({ type: 'integer' }) contacted?: number;
  @ApiPropertyOptional({ type: 'integer' }) qualified?: number;
  @ApiPropertyOptional({ type: 'integer' }) not_a_fit?: number;
  @ApiPropertyOptional({ type: 'integer' }) acknowledged?: number;
  @ApiPropertyOptional({ type: 'integer' }) assessed?: number;
  @ApiPropertyOptional({ type: 'integer' }) resolved?: number;
  @ApiPropertyOptional({ type: 'integer' }) wont_fix?: number;
}

/** The one sentence for a field a body does not name. */
const notExpected = (name: string) => `${JSON.stringify(name.slice(0, 40))} is not expected.`;

/** A status the lead moves to; a refusal names the statuses there are. */
@RefusedAs({
  notObject: `Send a JSON object with status: ${STATUSES.join(', ')}.`,
  unknownField: notExpected,
})
export class StatusBody {
  /** One of the statuses the lead's workflow allows next. */
  @ApiProperty({ enum: STATUSES, enumName: 'LeadStatus' })
  @IsIn(STATUSES, {
    message: ({ value }) =>
      `There is no status ${JSON.stringify(value)?.slice(0, 60)}: ${STATUSES.join(', ')}.`,
  })
  status!: LeadStatus;

  /** Assessing accessibility feedback: what will be done, which its sender is told. */
  @TextField(REPORT_LIMITS.plan, { optional: true }) plan?: string;

  /** Assessing accessibility feedback: the plan's date, YYYY-MM-DD. */
  @ApiPropertyOptional({ type: String, format: 'date' })
  @CalendarDate()
  plannedFor?: string;

  /** "Won't fix": why, which its sender is told. */
  @TextField(REPORT_LIMITS.reason, { optional: true }) reason?: string;
}

const OWNER_REFUSED = 'Send owner: a username, or null to hand the lead back to the team.';

/** The owner a lead is given: a username, or null for the team; refused in one sentence. */
@RefusedAs({ notObject: OWNER_REFUSED, unknownField: () => OWNER_REFUSED })
export class OwnerBody {
  /** A username, or null to hand the lead back to the team. */
  @ApiProperty({ type: String, nullable: true, maxLength: 64 })
  @ValidateIf((body: OwnerBody) => body.owner !== null)
  @IsString({ message: OWNER_REFUSED })
  @MaxLength(64, { message: OWNER_REFUSED })
  owner!: string | null;
}

export class NoteBody {
  /** The note; its limit is checked on the trimmed text, so the body may carry a little more. */
  @TextField(NOTE_MAX + 1000) body!: string;
}

const IDS_REFUSED = `Select between 1 and ${BULK_MAX} leads (ids).`;
const BULK_OWNER_REFUSED =
  'Choose an operator, or nobody (null) to hand the leads back to the team.';

/** One action on selected leads (bulk.ts); refused in one sentence that says what to fix. */
@RefusedAs({
  notObject: 'Send a JSON object with ids and action.',
  unknownField: notExpected,
})
export class BulkBody {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: BULK_MAX })
  @IsArray({ message: IDS_REFUSED })
  @ArrayMinSize(1, { message: IDS_REFUSED })
  @ArrayMaxSize(BULK_MAX, { message: IDS_REFUSED })
  @Matches(UUID, { each: true, message: IDS_REFUSED })
  ids!: string[];

  @ApiProperty({ enum: BULK_ACTIONS })
  @IsIn(BULK_ACTIONS, {
    message: `action is ${BULK_ACTIONS.slice(0, -1).join(', ')} or ${BULK_ACTIONS.at(-1)}.`,
  })
  action!: BulkAction['action'];

  /** With action status. */
  @ApiPropertyOptional({ enum: STATUSES, enumName: 'LeadStatus' })
  @ValidateIf((body: BulkBody) => body.action === 'status')
  @IsIn(STATUSES, { message: 'Choose the status to move the leads to.' })
  status?: LeadStatus;

  /** With action owner: a username, or null for the team. */
  @ApiPropertyOptional({ type: String, nullable: true })
  @ValidateIf((body: BulkBody) => body.action === 'owner' && body.owner !== null)
  @IsString({ message: BULK_OWNER_REFUSED })
  @MaxLength(64, { message: BULK_OWNER_REFUSED })
  owner?: string | null;
}

export class BulkAnswer {
  @ApiProperty({ type: [BulkResult] }) results!: BulkResult[];
}

/** The notifications of one state; the screen asks for failed or pending ones. */
@RefusedAs({
  unknownField: (name) =>
    `The deliveries have no filter named ${JSON.stringify(name.slice(0, 40))}: use status.`,
})
export class DeliveriesQuery {
  @ApiProperty({ enum: ['failed', 'pending'] })
  @IsIn(['failed', 'pending'], { message: queryMessage('status is failed or pending.') })
  status!: 'failed' | 'pending';
}

export class ErasurePreviewBody {
  @TextField(254) email!: string;
}

export class ErasureBody extends ErasurePreviewBody {
  /** The address typed again. */
  @TextField(254) confirm!: string;
}
