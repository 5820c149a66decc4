import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { settledCounts } from '../leads/lead-counts.js';
import { historyOf, type LeadEvent } from '../leads/lead-events.js';
import type { DayBounds } from '../leads/lead-conditions.js';
import {
  countByStatus,
  eachLead,
  leadById,
  leadPage,
  type InboxLead,
  type InboxRow,
} from '../leads/lead-pages.js';
import type { DueCutoffs } from '../leads/lead-promises.js';
import { Note } from './note.entity.js';
import type { InboxCursor, InboxFilter } from './inbox-filter.js';

export type { DayBounds };
export { EACH_BATCH, InboxLead, InboxRow } from '../leads/lead-pages.js';

/**
 * The inbox's reads and writes: the leads through leads/ (lead-pages.ts, its SQL and its
 * indexes), the notes (lead_notes, the inbox's own) through their entity.
 */
@Injectable()
export class InboxStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Note) private readonly noteRows: Repository<Note>,
  ) {}

  /**
   * A page, newest first (or oldest first), after the cursor; one more row than `limit` says
   * there are more.
   */
  page(
    filter: InboxFilter,
    bounds: DayBounds,
    due: DueCutoffs,
    after: InboxCursor | undefined,
    limit: number,
  ): Promise<InboxRow[]> {
    return leadPage(this.dataSource, filter, bounds, due, after, limit);
  }

  /** How many leads the filter holds in each status (the filter's own status left out). */
  async counts(filter: InboxFilter, bounds: DayBounds, due: DueCutoffs) {
    // The inbox as it opens (people's leads, of a kind or all): from the settled totals.
    const { kind, status: _status, me: _me, order: _order, spam, ...narrower } = filter;
    if (!spam && Object.values(narrower).every((value) => value === undefined)) {
      return settledCounts(this.dataSource, kind);
    }
    return countByStatus(this.dataSource, filter, bounds, due);
  }

  /** Every lead that matches, oldest first, EACH_BATCH at a time: an export never holds them all. */
  each(filter: InboxFilter, bounds: DayBounds, due: DueCutoffs) {
    return eachLead(this.dataSource, filter, bounds, due);
  }

  /** One lead, locked for a change when `manager` is a transaction's. */
  lead(id: string, manager?: EntityManager): Promise<InboxLead | null> {
    return leadById(this.dataSource, id, manager);
  }

  history(id: string): Promise<LeadEvent[]> {
    return historyOf(this.dataSource.manager, id);
  }

  notes(id: string): Promise<Note[]> {
    return this.noteRows.find({ where: { submissionId: id }, order: { at: 'ASC', id: 'ASC' } });
  }

  async addNote(id: string, author: string, body: string, manager: EntityManager): Promise<Note> {
    const written = { author: author.slice(0, 200), body };
    const { generatedMaps } = await manager.insert(Note, { ...written, submissionId: id });
    const { id: noteId, at } = generatedMaps[0] as Pick<Note, 'id' | 'at'>;
    return Object.assign(new Note(), { id: noteId, at, ...written });
  }
}
