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
import { TextField } from '../../../http/body-fields.js';
import { RefusedAs } from '../../../http/body-validation.pipe.js';
import { UUID } from '../../../leads/lead.js';
import { LEAD_KINDS, type LeadKind } from '../../../leads/lead-kind.js';
import { STATUSES, type LeadStatus } from '../../../leads/lead-status.js';
import { BULK_ACTIONS, BULK_MAX, BulkResult, type BulkAction } from '../../bulk.js';
import { SEARCH_MAX } from '../../inbox-filter.js';
import { InboxEntry, NOTE_MAX } from '../../inbox-types.js';

/**
 * The inbox's filter as the console's URL holds it (inbox-filter.ts, filterOf, reads and checks
 * it: each refusal names the parameter). Every value is text; an empty one is no filter.
 */
export class InboxFilterQuery {
  @ApiPropertyOptional({ enum: LEAD_KINDS, enumName: 'LeadKind' }) kind?: LeadKind;
  @ApiPropertyOptional({ enum: STATUSES, enumName: 'LeadStatus' }) status?: LeadStatus;
  /** true: only suspected spam; false (the default): only people's submissions. */
  @ApiPropertyOptional({ enum: ['true', 'false'] }) spam?: 'true' | 'false';
  /** Received on or after this day (in the support time zone). */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-24' }) from?: string;
  @ApiPropertyOptional({ format: 'date', example: '2026-11-30' }) to?: string;
  /** Words to find in name, company, role, email and message, each as a prefix. */
  @ApiPropertyOptional({ maxLength: SEARCH_MAX }) q?: string;
  @ApiPropertyOptional({ enum: ['true', 'false'] }) unread?: 'true' | 'false';
  @ApiPropertyOptional({ enum: ['overdue', 'soon', 'today'] }) due?: 'overdue' | 'soon' | 'today';
  @ApiPropertyOptional({ enum: ['mine', 'unowned'] }) owner?: 'mine' | 'unowned';
}

/** A page's query: the filter, its order, and the previous page's `next`. */
export class InboxPageQuery extends InboxFilterQuery {
  @ApiPropertyOptional({ enum: ['newest', 'oldest'] }) order?: 'newest' | 'oldest';
  @ApiPropertyOptional({ description: "The last page's `next`." }) after?: string;
}

/** An export's query: the filter and the file's format. */
export class ExportQuery extends InboxFilterQuery {
  @ApiPropertyOptional({ enum: ['csv', 'json'] }) format?: 'csv' | 'json';
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

export class DeliveriesQuery {
  @ApiProperty({ enum: ['failed', 'pending'] }) status!: 'failed' | 'pending';
}

export class ErasurePreviewBody {
  @TextField(254) email!: string;
}

export class ErasureBody extends ErasurePreviewBody {
  /** The address typed again. */
  @TextField(254) confirm!: string;
}
