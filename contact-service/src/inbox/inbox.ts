import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { EnvironmentService } from '../config/environment.service.js';
import { announcedChannels } from '../notifications/channels.js';
import { Clock } from '../operators/clock.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { isUuid } from '../leads/lead.js';
import { LeadOwners } from '../leads/lead-owners.js';
import {
  dueCutoffs,
  type Due,
  type DueCutoffs,
  type PromiseRules,
} from '../leads/lead-promises.js';
import { LeadState } from '../leads/lead-state.js';
import { reportOf, type ReportTag, type StepAnswer } from '../leads/accessibility-report.js';
import { nextStatuses, type LeadStatus } from '../leads/lead-status.js';
import { LeadsStore } from '../leads/leads.store.js';
import { relatedLeads } from '../leads/related-leads.js';
import {
  dayBounds,
  filterDetails,
  PAGE_SIZE,
  type InboxCursor,
  type InboxFilter,
} from './inbox-filter.js';
import { InboxStore, type DayBounds, type InboxLead } from './inbox.store.js';
import type { Note } from './note.entity.js';
import {
  InboxRefusal,
  NO_SUCH_LEAD,
  type Actor,
  type InboxPage,
  type InboxSettings,
  type OpenedLead,
} from './inbox-types.js';
import { checkOwnerChange, noteText } from './inbox-rules.js';

export * from './inbox-types.js';

/**
 * What operators do with leads, the one implementation of each operation behind the console's
 * screens and the `leads` command: read a page of the inbox, open a lead, move its status, add a
 * note, mark or release spam. Every read of personal data and every change writes an audit
 * record, changes in the same transaction.
 */
@Injectable()
export class Inbox {
  private readonly settings: InboxSettings;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: InboxStore,
    private readonly leads: LeadsStore,
    private readonly audit: AuditTrail,
    private readonly owners: LeadOwners,
    private readonly state: LeadState,
    environment: EnvironmentService,
    clock: Clock,
  ) {
    this.settings = {
      rules: state.rules,
      channels: announcedChannels(environment),
      now: () => clock.now(),
    };
  }

  /** The promises' rules this inbox judges by. */
  get rules(): PromiseRules {
    return this.settings.rules;
  }

  /** The cutoffs of the due filters at this moment, and the filter's day bounds. */
  scope(filter: InboxFilter): { bounds: DayBounds; due: DueCutoffs } {
    return {
      bounds: dayBounds(filter),
      due: dueCutoffs(this.settings.now(), this.settings.rules),
    };
  }

  /** A page of the inbox after the cursor; names and companies were read, so it is audited. */
  async page(
    filter: InboxFilter,
    after: InboxCursor | undefined,
    actor: string,
    limit = PAGE_SIZE,
  ): Promise<InboxPage> {
    const { bounds, due } = this.scope(filter);
    const rows = await this.store.page({ ...filter, me: actor }, bounds, due, after, limit + 1);
    const shown = rows.slice(0, limit);
    await this.audit.record({
      command: 'list',
      rows: shown.length,
      actor,
      details: filterDetails(filter),
    });
    const last = shown[shown.length - 1];
    return {
      leads: shown.map(({ micros: _micros, callbackFrom, ...row }) => ({
        ...row,
        due: this.dueOf({ ...row, callbackFrom }),
      })),
      next: rows.length > limit && last ? { micros: last.micros, id: last.id } : null,
    };
  }

  /** How many leads the filter holds per status: numbers only, so nothing to audit. */
  counts(filter: InboxFilter, actor = '') {
    const { bounds, due } = this.scope(filter);
    return this.store.counts({ ...filter, me: actor }, bounds, due);
  }

  /** Every lead of the filter, oldest first, for an export (which audits itself). */
  each(filter: InboxFilter, actor = ''): AsyncGenerator<InboxLead> {
    const { bounds, due } = this.scope(filter);
    return this.store.each({ ...filter, me: actor }, bounds, due);
  }

  /** Everything about one lead; the first opening marks it read. */
  async open(id: string, actor: string): Promise<OpenedLead> {
    const lead = await this.dataSource.transaction(async (manager) => {
      const found = isUuid(id) ? await this.store.lead(id, manager) : null;
      if (!found) throw new InboxRefusal(NO_SUCH_LEAD, 'missing');
      await this.state.markRead(manager, id, actor);
      await this.audit.record({ command: 'show', rows: 1, actor, email: found.email }, manager);
      return found;
    });
    return this.detailsOf(lead);
  }

  /**
   * Moves a lead on in its workflow (lead-status.ts); the history keeps who and when. An
   * accessibility report's step takes its `answer` (the plan and date, or the reason), which its
   * sender is told.
   */
  async setStatus(
    id: string,
    to: LeadStatus,
    actor: string,
    answer: StepAnswer = {},
  ): Promise<OpenedLead> {
    await this.applyStatus(id, to, actor, answer);
    return this.open(id, actor);
  }

  /** setStatus without opening the lead afterwards (bulk actions: bulk.ts). */
  async applyStatus(id: string, to: LeadStatus, actor: string, answer: StepAnswer = {}) {
    const { channels } = this.settings;
    await this.change(id, (lead, manager) =>
      this.state.move(manager, lead, to, actor, this.settings.now(), answer, channels),
    );
  }

  /** Tags accessibility feedback with the criterion, page, technology, severity it reports. */
  async tagReport(id: string, tag: ReportTag, actor: string): Promise<OpenedLead> {
    await this.change(id, (lead, manager) => this.state.tagReport(manager, lead, tag, actor));
    return this.open(id, actor);
  }

  /** An internal note, plain text, with its author and time. */
  async addNote(id: string, body: string, actor: string): Promise<Note> {
    const text = noteText(body);
    return this.change(id, async (lead, manager) => {
      const note = await this.store.addNote(id, actor, text, manager);
      await this.state.recordNote(manager, lead, actor);
      return note;
    });
  }

  /**
   * "This is spam": the lead leaves the inbox for the spam view. Notifications already sent stay
   * as they are. "Not spam": it comes back, and is announced now, once, on every channel that has
   * not announced it yet.
   */
  async setSpam(id: string, spam: boolean, actor: string): Promise<OpenedLead> {
    await this.applySpam(id, spam, actor);
    return this.open(id, actor);
  }

  /** setSpam without opening the lead afterwards (bulk actions: bulk.ts). */
  async applySpam(id: string, spam: boolean, actor: string): Promise<void> {
    await this.change(id, async (lead, manager) => {
      if (spam === (lead.spamReason !== null)) return;
      await this.state.setSpam(manager, lead, spam, actor, this.settings.channels);
    });
  }

  /**
   * Who is on a lead: `to` an operator's username, or null for the team. A member may take a
   * lead nobody owns and hand back their own; an admin may give any lead to any active operator.
   */
  async setOwner(id: string, to: string | null, actor: Actor): Promise<OpenedLead> {
    await this.applyOwner(id, to, actor);
    return this.open(id, actor.username);
  }

  /** setOwner without opening the lead afterwards (bulk actions: bulk.ts). */
  async applyOwner(id: string, to: string | null, actor: Actor): Promise<void> {
    await this.change(id, async (lead, manager) => {
      if (lead.owner === to) return;
      checkOwnerChange(lead.owner, to, actor);
      const assignee = to === null ? null : await this.owners.assignee(to, manager);
      if (to !== null && !assignee) {
        throw new InboxRefusal(
          `There is no active operator named ${JSON.stringify(to.slice(0, 64))}: a lead goes to an enrolled, enabled account.`,
          'invalid',
        );
      }
      await this.owners.set(manager, lead, assignee, actor.username);
    });
  }

  /** The open promise of a lead of this kind and status, received then. */
  private dueOf(lead: Parameters<LeadState['dueOf']>[0]): Due | null {
    return this.state.dueOf(lead, this.settings.now());
  }

  private async change<T>(
    id: string,
    work: (lead: InboxLead, manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const lead = isUuid(id) ? await this.store.lead(id, manager) : null;
      if (!lead) throw new InboxRefusal(NO_SUCH_LEAD, 'missing');
      return work(lead, manager);
    });
  }

  private async detailsOf(lead: InboxLead): Promise<OpenedLead> {
    const [notifications, history, notes, related, report] = await Promise.all([
      this.leads.deliveriesOf([lead.id]),
      this.store.history(lead.id),
      this.store.notes(lead.id),
      relatedLeads(this.dataSource, lead),
      lead.kind === 'accessibility' ? reportOf(this.dataSource.manager, lead.id) : null,
    ]);
    return {
      ...lead,
      due: this.dueOf({ ...lead, receivedAt: lead.createdAt }),
      next: nextStatuses(lead.kind, lead.status),
      notifications,
      history,
      notes,
      related,
      report,
    };
  }
}
