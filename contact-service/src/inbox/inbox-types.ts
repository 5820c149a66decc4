import { AccessibilityReport } from '../leads/accessibility-report.js';
import { ApiExtraModels, ApiProperty, getSchemaPath, OmitType } from '@nestjs/swagger';
import { DeliveryRecord } from '../leads/delivery-record.js';
import { LEAD_EVENT_TYPES, type LeadEvent } from '../leads/lead-events.js';
import { Due, type PromiseRules } from '../leads/lead-promises.js';
import { STATUSES, type LeadStatus } from '../leads/lead-status.js';
import { RELATED_LIST_MAX, RelatedLead } from '../leads/related-leads.js';
import type { Role } from '../operators/user.entity.js';
import type { InboxCursor } from './inbox-filter.js';
import { InboxLead, InboxRow } from './inbox.store.js';
import { Note } from './note.entity.js';

/** What the inbox's operations take and answer (inbox.ts). */
export type { Due };

/** A lead in the inbox's list: no address, no message; the promise it still has open. */
export class InboxEntry extends OmitType(InboxRow, ['micros', 'callbackFrom'] as const) {
  @ApiProperty({ type: Due, nullable: true }) due!: Due | null;
}

export interface InboxPage {
  leads: InboxEntry[];
  /** The cursor of the next page in the page's order, when there is one. */
  next: InboxCursor | null;
}

/** Everything about one lead, as the lead screen shows it. */
@ApiExtraModels(...LEAD_EVENT_TYPES)
export class OpenedLead extends InboxLead {
  @ApiProperty({ type: Due, nullable: true }) due!: Due | null;
  /** The statuses the lead's workflow allows next. */
  @ApiProperty({ enum: STATUSES, enumName: 'LeadStatus', isArray: true })
  next!: readonly LeadStatus[];
  @ApiProperty({ type: [DeliveryRecord] }) notifications!: DeliveryRecord[];
  /** Oldest first. */
  @ApiProperty({
    type: 'array',
    items: { oneOf: LEAD_EVENT_TYPES.map((type) => ({ $ref: getSchemaPath(type) })) },
  })
  history!: LeadEvent[];
  /** Earlier leads from the same address or company domain, newest first (spam never). */
  @ApiProperty({ type: [RelatedLead], maxItems: RELATED_LIST_MAX }) related!: RelatedLead[];
  @ApiProperty({ type: [Note] }) notes!: Note[];
  /** Accessibility feedback's report as the team tagged it; null for a contact request. */
  @ApiProperty({ type: AccessibilityReport, nullable: true }) report!: AccessibilityReport | null;
}

/**
 * An operation the inbox's rules refuse: its message says why, for a person. `invalid`: what was
 * sent cannot be used; `missing`: no such lead; `conflict`: the lead's state does not allow it;
 * `forbidden`: the operator's role does not. The same refusal as the lead's own writer's
 * (leads/lead-state.ts), so that a caller catches one class whichever layer refused.
 */
export { LeadRefusal as InboxRefusal, NO_SUCH_LEAD } from '../leads/lead-state.js';
export const NOTE_MAX = 5000;

/** Who asks: an operator's username and role (the `leads` command acts as an admin). */
export interface Actor {
  username: string;
  role: Role;
}

export interface InboxSettings {
  rules: PromiseRules;
  /** The channels a lead is announced on (notifications/channels.ts's plannedChannels). */
  channels: readonly string[];
  now: () => Date;
}
