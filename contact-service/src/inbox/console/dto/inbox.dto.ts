import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TextField } from '../../../http/body-fields.js';
import { LEAD_KINDS, type LeadKind } from '../../../leads/lead-kind.js';
import { STATUSES, type LeadStatus } from '../../../leads/lead-status.js';
import { BULK_MAX, BulkResult } from '../../bulk.js';
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

export class StatusBody {
  /** One of the statuses the lead's workflow allows next. */
  @TextField(16, { schema: { enum: STATUSES, enumName: 'LeadStatus' } }) status!: string;
}

/** Read by the inbox's rules (leads.controller.ts), whose refusal says what to send. */
export class OwnerBody {
  /** A username, or null to hand the lead back to the team. */
  @ApiProperty({ type: String, nullable: true, maxLength: 64 }) owner!: string | null;
}

export class NoteBody {
  /** The note; its limit is checked on the trimmed text, so the body may carry a little more. */
  @TextField(NOTE_MAX + 1000) body!: string;
}

/** Read by bulk.ts (bulkOf), whose refusal says what to fix. */
export class BulkBody {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: BULK_MAX }) ids!: string[];
  @ApiProperty({ enum: ['status', 'owner', 'spam', 'not-spam'] })
  action!: 'status' | 'owner' | 'spam' | 'not-spam';
  /** With action status. */
  @ApiPropertyOptional({ enum: STATUSES, enumName: 'LeadStatus' }) status?: LeadStatus;
  /** With action owner: a username, or null for the team. */
  @ApiPropertyOptional({ type: String, nullable: true }) owner?: string | null;
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
