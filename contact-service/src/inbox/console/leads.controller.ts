import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { isStatus, STATUSES } from '../../leads/lead-status.js';
import { Redelivery } from '../../notifications/redelivery.js';
import { CurrentOperator } from '../../operators/console/access.js';
import type { Operator } from '../../operators/sessions.js';
import { bulk, bulkOf } from '../bulk.js';
import { cursorOf, cursorText, FilterError, filterOf } from '../inbox-filter.js';
import { Inbox, InboxRefusal, OpenedLead } from '../inbox.js';
import { Note } from '../note.entity.js';
import {
  BulkAnswer,
  BulkBody,
  InboxFilterQuery,
  InboxPage,
  InboxPageQuery,
  NoteBody,
  OwnerBody,
  StatusBody,
  StatusCounts,
} from './dto/inbox.dto.js';

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
  @ApiOperation({ operationId: 'inboxPage' })
  @ApiOkResponse({ type: InboxPage })
  async page(
    @Query() query: InboxPageQuery,
    @CurrentOperator() operator: Operator,
  ): Promise<InboxPage> {
    const filter = filterOf({ ...query }, ['after']);
    const page = await this.inbox.page(filter, cursorOf(query.after), operator.username);
    return { leads: page.leads, next: page.next && cursorText(page.next) };
  }

  @Get('counts')
  @ApiOperation({ operationId: 'inboxCounts' })
  @ApiOkResponse({ type: StatusCounts })
  counts(
    @Query() query: InboxFilterQuery,
    @CurrentOperator() operator: Operator,
  ): Promise<StatusCounts> {
    return this.inbox.counts(filterOf({ ...query }), operator.username);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'lead' })
  @ApiOkResponse({ type: OpenedLead })
  open(@Param('id') id: string, @CurrentOperator() operator: Operator): Promise<OpenedLead> {
    return this.inbox.open(id, operator.username);
  }

  @Post(':id/status')
  @HttpCode(200)
  @ApiOperation({ operationId: 'setStatus' })
  @ApiOkResponse({ type: OpenedLead })
  status(
    @Param('id') id: string,
    @Body() { status }: StatusBody,
    @CurrentOperator() operator: Operator,
  ): Promise<OpenedLead> {
    if (!isStatus(status)) {
      throw new FilterError(
        `There is no status ${JSON.stringify(status)}: ${STATUSES.join(', ')}.`,
      );
    }
    return this.inbox.setStatus(id, status, operator.username);
  }

  /**
   * One action on selected leads, each done and audited on its own: the answer says which were
   * refused and why.
   */
  @Post('bulk')
  @HttpCode(200)
  @ApiOperation({ operationId: 'bulkLeads' })
  @ApiBody({ type: BulkBody })
  @ApiOkResponse({ type: BulkAnswer })
  async bulk(@Body() body: unknown, @CurrentOperator() operator: Operator): Promise<BulkAnswer> {
    const { ids, action } = bulkOf(body);
    return { results: await bulk(this.inbox, ids, action, operator) };
  }

  /** Takes, assigns (admins) or hands back (null) the lead; answers the lead as GET does. */
  @Put(':id/owner')
  @HttpCode(200)
  @ApiOperation({ operationId: 'setOwner' })
  @ApiBody({ type: OwnerBody })
  @ApiOkResponse({ type: OpenedLead })
  owner(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentOperator() operator: Operator,
  ): Promise<OpenedLead> {
    const owner = (body as Partial<OwnerBody> | null)?.owner;
    if (owner !== null && (typeof owner !== 'string' || owner.length > 64)) {
      throw new FilterError('Send owner: a username, or null to hand the lead back to the team.');
    }
    return this.inbox.setOwner(id, owner, operator);
  }

  @Post(':id/notes')
  @HttpCode(201)
  @ApiOperation({ operationId: 'addNote' })
  @ApiCreatedResponse({ type: Note })
  note(
    @Param('id') id: string,
    @Body() { body }: NoteBody,
    @CurrentOperator() operator: Operator,
  ): Promise<Note> {
    return this.inbox.addNote(id, body, operator.username);
  }

  @Post(':id/spam')
  @HttpCode(200)
  @ApiOperation({ operationId: 'markSpam' })
  @ApiOkResponse({ type: OpenedLead })
  spam(@Param('id') id: string, @CurrentOperator() operator: Operator): Promise<OpenedLead> {
    return this.inbox.setSpam(id, true, operator.username);
  }

  @Post(':id/not-spam')
  @HttpCode(200)
  @ApiOperation({ operationId: 'markNotSpam' })
  @ApiOkResponse({ type: OpenedLead })
  notSpam(@Param('id') id: string, @CurrentOperator() operator: Operator): Promise<OpenedLead> {
    return this.inbox.setSpam(id, false, operator.username);
  }

  /** Every failed notification of the lead, delivered again with a fresh retry budget. */
  @Post(':id/deliver-again')
  @HttpCode(200)
  @ApiOperation({ operationId: 'deliverLeadAgain' })
  @ApiOkResponse({ type: OpenedLead })
  async deliverAgain(
    @Param('id') id: string,
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
