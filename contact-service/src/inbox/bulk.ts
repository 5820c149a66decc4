import { ApiProperty } from '@nestjs/swagger';
import type { LeadStatus } from '../leads/lead-status.js';
import { InboxRefusal, type Actor, type Inbox } from './inbox.js';

/** The most leads one bulk action takes: a page of the inbox and then some. */
export const BULK_MAX = 100;

/** What a bulk action may do, in the order a refusal names them. */
export const BULK_ACTIONS = ['status', 'owner', 'spam', 'not-spam'] as const;

export type BulkAction =
  | { action: 'status'; status: LeadStatus }
  | { action: 'owner'; owner: string | null }
  | { action: 'spam' }
  | { action: 'not-spam' };

export class BulkResult {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() ok!: boolean;
  /** Why this lead was refused, for a person. */
  @ApiProperty({ required: false, description: 'Why this lead was refused, for a person.' })
  message?: string;
}

/** The action a bulk request's body (BulkBody, console/dto/inbox.dto.ts) asks for. */
export function bulkActionOf(body: {
  action: BulkAction['action'];
  status?: LeadStatus;
  owner?: string | null;
}): BulkAction {
  if (body.action === 'status') return { action: 'status', status: body.status! };
  if (body.action === 'owner') return { action: 'owner', owner: body.owner ?? null };
  return { action: body.action };
}

/**
 * One action on many leads, each lead on its own: its own transaction, audit record and history,
 * as if done on its screen; a lead the rules refuse is answered with why, and the others go on.
 * One after the other, so two bulk actions never lock each other's leads in turn.
 */
export async function bulk(
  inbox: Inbox,
  ids: string[],
  action: BulkAction,
  actor: Actor,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      if (action.action === 'status') await inbox.applyStatus(id, action.status, actor.username);
      else if (action.action === 'owner') await inbox.applyOwner(id, action.owner, actor);
      else await inbox.applySpam(id, action.action === 'spam', actor.username);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof InboxRefusal)) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return results;
}
