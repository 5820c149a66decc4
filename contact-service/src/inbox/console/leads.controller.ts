import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { isStatus, STATUSES } from '../../leads/lead-status.js';
import { Redelivery } from '../../notifications/redelivery.js';
import { CurrentOperator } from '../../operators/console/access.js';
import { fieldsOf } from '../../operators/console/console-body.js';
import type { Operator } from '../../operators/sessions.js';
import { cursorOf, cursorText, FilterError, filterOf } from '../inbox-filter.js';
import { Inbox, InboxRefusal, NOTE_MAX } from '../inbox.js';
import { bulk, bulkOf } from '../bulk.js';
import { answered } from './refusals.js';

type Query = Record<string, unknown>;

/** The inbox and the lead screen, for every signed-in operator (inbox/inbox.ts does the work). */
@Controller('leads')
export class LeadsController {
  constructor(
    private readonly inbox: Inbox,
    private readonly redelivery: Redelivery,
  ) {}

  /**
   * A page: ?kind=&status=&spam=&from=&to=&q=&unread=&due=&owner=&order=oldest, and after= (the last
   * row's cursor) for the next page.
   */
  @Get()
  page(@Query() query: Query, @CurrentOperator() operator: Operator) {
    return answered(async () => {
      const filter = filterOf(query, ['after']);
      const page = await this.inbox.page(filter, cursorOf(query.after), operator.username);
      return { leads: page.leads, next: page.next && cursorText(page.next) };
    });
  }

  @Get('counts')
  counts(@Query() query: Query, @CurrentOperator() operator: Operator) {
    return answered(() => this.inbox.counts(filterOf(query), operator.username));
  }

  @Get(':id')
  open(@Param('id') id: string, @CurrentOperator() operator: Operator) {
    return answered(() => this.inbox.open(id, operator.username));
  }

  @Post(':id/status')
  @HttpCode(200)
  status(@Param('id') id: string, @Body() body: unknown, @CurrentOperator() operator: Operator) {
    const { status } = fieldsOf(body, { status: 16 });
    return answered(() => {
      if (!isStatus(status)) {
        throw new FilterError(
          `There is no status ${JSON.stringify(status)}: ${STATUSES.join(', ')}.`,
        );
      }
      return this.inbox.setStatus(id, status, operator.username);
    });
  }

  /**
   * One action on selected leads (`{ ids, action: status|owner|spam|not-spam, status?, owner? }`),
   * each done and audited on its own: the answer says which were refused and why.
   */
  @Post('bulk')
  @HttpCode(200)
  bulk(@Body() body: unknown, @CurrentOperator() operator: Operator) {
    return answered(async () => {
      const { ids, action } = bulkOf(body);
      return { results: await bulk(this.inbox, ids, action, operator) };
    });
  }

  /** `{ "owner": "<username>" }` gives the lead to that operator; `{ "owner": null }` to the team. */
  @Put(':id/owner')
  @HttpCode(200)
  owner(@Param('id') id: string, @Body() body: unknown, @CurrentOperator() operator: Operator) {
    return answered(() => {
      const owner = (body as { owner?: unknown } | null)?.owner;
      if (owner !== null && (typeof owner !== 'string' || owner.length > 64)) {
        throw new FilterError('Send owner: a username, or null to hand the lead back to the team.');
      }
      return this.inbox.setOwner(id, owner, operator);
    });
  }

  @Post(':id/notes')
  @HttpCode(201)
  note(@Param('id') id: string, @Body() body: unknown, @CurrentOperator() operator: Operator) {
    // The limit is checked on the trimmed text (inbox.ts); the body may carry a little more.
    const { body: text } = fieldsOf(body, { body: NOTE_MAX + 1000 });
    return answered(() => this.inbox.addNote(id, text, operator.username));
  }

  @Post(':id/spam')
  @HttpCode(200)
  spam(@Param('id') id: string, @CurrentOperator() operator: Operator) {
    return answered(() => this.inbox.setSpam(id, true, operator.username));
  }

  @Post(':id/not-spam')
  @HttpCode(200)
  notSpam(@Param('id') id: string, @CurrentOperator() operator: Operator) {
    return answered(() => this.inbox.setSpam(id, false, operator.username));
  }

  /** Every failed notification of the lead, delivered again with a fresh retry budget. */
  @Post(':id/deliver-again')
  @HttpCode(200)
  deliverAgain(@Param('id') id: string, @CurrentOperator() operator: Operator) {
    return answered(async () => {
      // Opened first: a 404 for a lead that is not there, and the read is audited.
      await this.inbox.open(id, operator.username);
      const retried = await this.redelivery.retry(id, operator.username);
      if (retried.length === 0) {
        throw new InboxRefusal(
          'No notification of this lead has failed: nothing to deliver again.',
        );
      }
      return this.inbox.open(id, operator.username);
    });
  }
}
