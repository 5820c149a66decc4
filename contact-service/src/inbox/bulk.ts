import { ApiProperty } from '@nestjs/swagger';
import { isStatus, type LeadStatus } from '../leads/lead-status.js';
import { FilterError } from './inbox-filter.js';
import { InboxRefusal, type Actor, type Inbox } from './inbox.js';

/** The most leads one bulk action takes: a page of the inbox and then some. */
export const BULK_MAX = 100;

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A bulk request's body (`{ ids, action, status?, owner? }`), or an error that says what to fix. */
export function bulkOf(body: unknown): { ids: string[]; action: BulkAction } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FilterError('Send a JSON object with ids and action.');
  }
  const { ids, action, status, owner, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined)
    throw new FilterError(`${JSON.stringify(extra.slice(0, 40))} is not expected.`);
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > BULK_MAX ||
    !ids.every((id) => typeof id === 'string' && UUID.test(id))
  ) {
    throw new FilterError(`Select between 1 and ${BULK_MAX} leads (ids).`);
  }
  const unique = [...new Set(ids as string[])];
  if (action === 'status') {
    if (!isStatus(status)) throw new FilterError('Choose the status to move the leads to.');
    return { ids: unique, action: { action, status } };
  }
  if (action === 'owner') {
    if (owner !== null && (typeof owner !== 'string' || owner.length > 64)) {
      throw new FilterError(
        'Choose an operator, or nobody (null) to hand the leads back to the team.',
      );
    }
    return { ids: unique, action: { action, owner } };
  }
  if (action === 'spam' || action === 'not-spam') return { ids: unique, action: { action } };
  throw new FilterError('action is status, owner, spam or not-spam.');
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
