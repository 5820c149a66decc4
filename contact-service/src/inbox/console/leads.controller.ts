import { Operation } from '../../http/operation.js';
import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Redelivery } from '../../notifications/redelivery.js';
import { CurrentOperator } from '../../operators/console/access.js';
import type { Operator } from '../../operators/sessions.js';
import { bulk, bulkActionOf } from '../bulk.js';
import { valuesOf } from '../../http/query-fields.js';
import { cursorOf, cursorText, InboxFilterQuery } from '../inbox-filter.js';
import { Inbox, InboxRefusal, OpenedLead } from '../inbox.js';
import { Note } from '../note.entity.js';
import {
  BulkAnswer,
  BulkBody,
  InboxPage,
  InboxPageQuery,
  LeadPath,
  NoteBody,
  OwnerBody,
  StatusBody,
  StatusCounts,
} from './dto/inbox.dto.js';
import { ReportBody } from './dto/report.dto.js';

/** The inbox and the lead screen, for every signed-in operator (inbox/inbox.ts does the work). */
@ApiTags('inbox')
@Controller('leads')
export class LeadsController {
  constructor(
    private readonly inbox: Inbox,
    private readonly redelivery: Redelivery,
  ) {}

  /** A page of the filter's leads, newest first unless order=oldest; after= the next page. */
  @Get()
  @Operation('inboxPage', InboxPage)
  async page(
    @Query() query: InboxPageQuery,
    @CurrentOperator() operator: Operator,
  ): Promise<InboxPage> {
    const { after, ...filter } = valuesOf(query);
    const page = await this.inbox.page(filter, cursorOf(after), operator.username);
    return { leads: page.leads, next: page.next && cursorText(page.next) };
  }

  @Get('counts')
  @Operation('inboxCounts', StatusCounts)
  counts(
    @Query() query: InboxFilterQuery,
    @CurrentOperator() operator: Operator,
  ): Promise<StatusCounts> {
    return this.inbox.counts(valuesOf(query), operator.username);
  }

  @Get(':id')
  @Operation('lead', OpenedLead)
  open(@Param() { id }: LeadPath, @CurrentOperator() operator: Operator): Promise<OpenedLead> {
    return this.inbox.open(id, operator.username);
  }

  @Post(':id/status')
  @Operation('setStatus', OpenedLead)
  status(
    @Param() { id }: LeadPath,
    @Body() { status, ...answer }: StatusBody,
    @CurrentOperator() operator: Operator,
  ): Promise<OpenedLead> {
    return this.inbox.setStatus(id, status, operator.username, answer);
  }

  /** Tags accessibility feedback with what it reports (leads/accessibility-report.ts). */
  @Put(':id/accessibility')
  @Operation('tagReport', OpenedLead)
  report(
    @Param() { id }: LeadPath,
    @Body() tag: ReportBody,
    @CurrentOperator() operator: Operator,
  ): Promise<OpenedLead> {
    return this.inbox.tagReport(id, tag, operator.username);
  }

  /**
   * One action on selected leads, each done and audited on its own: the answer says which were
   * refused and why.
   */
  @Post('bulk')
  @Operation('bulkLeads', BulkAnswer)
  async bulk(@Body() body: BulkBody, @CurrentOperator() operator: Operator): Promise<BulkAnswer> {
    const ids = [...new Set(body.ids)];
    return { results: await bulk(this.inbox, ids, bulkActionOf(body), operator) };
  }

  /** Takes, assigns (admins) or hands back (null) the lead; answers the lead as GET does. */
  @Put(':id/owner')
  @Operation('setOwner', OpenedLead)
  owner(
    @Param() { id }: LeadPath,
    @Body() { owner }: OwnerBody,
    @CurrentOperator() operator: Operator,
  ): Promise<OpenedLead> {
    return this.inbox.setOwner(id, owner, operator);
  }

  @Post(':id/notes')
  @Operation('addNote', Note, 201)
  note(
    @Param() { id }: LeadPath,
    @Body() { body }: NoteBody,
    @CurrentOperator() operator: Operator,
  ): Promise<Note> {
    return this.inbox.addNote(id, body, operator.username);
  }

  @Post(':id/spam')
  @Operation('markSpam', OpenedLead)
  spam(@Param() { id }: LeadPath, @CurrentOperator() operator: Operator): Promise<OpenedLead> {
    return this.inbox.setSpam(id, true, operator.username);
  }

  @Post(':id/not-spam')
  @Operation('markNotSpam', OpenedLead)
  notSpam(@Param() { id }: LeadPath, @CurrentOperator() operator: Operator): Promise<OpenedLead> {
    return this.inbox.setSpam(id, false, operator.username);
  }

  /** Every failed notification of the lead, delivered again with a fresh retry budget. */
  @Post(':id/deliver-again')
  @Operation('deliverLeadAgain', OpenedLead)
  async deliverAgain(
    @Param() { id }: LeadPath,
    @CurrentOperator() operator: Operator,
  ): Promise<OpenedLead> {
    // Opened first: a 404 for a lead that is not there, and the read is audited.
    await this.inbox.open(id, operator.username);
    const retried = await this.redelivery.retry(id, operator.username);
    if (retried.length === 0) {
      throw new InboxRefusal('No notification of this lead has failed: nothing to deliver again.');
    }
    return this.inbox.open(id, operator.username);
  }
}
