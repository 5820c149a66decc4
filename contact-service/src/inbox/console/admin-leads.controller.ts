import { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AuditTrail } from '../../audit/audit-trail.js';
import { LeadRemoval, type Removed } from '../../leads/lead-removal.js';
import { supportDate } from '../../leads/support-hours.js';
import { AdminOnly, CurrentOperator } from '../../operators/console/access.js';
import { fieldsOf } from '../../operators/console/console-body.js';
import type { Operator } from '../../operators/sessions.js';
import { FilterError, filterOf } from '../inbox-filter.js';
import { Inbox, InboxRefusal } from '../inbox.js';
import { exportLeads } from '../lead-export.js';
import { answered } from './refusals.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** For admins: the export of a filter and a person's erasure, as `leads export` and `leads erase`. */
@Controller('admin/leads')
@AdminOnly()
export class AdminLeadsController {
  constructor(
    private readonly inbox: Inbox,
    private readonly audit: AuditTrail,
    private readonly removal: LeadRemoval,
  ) {}

  /** ?format=csv|json and the inbox's filter: a file, streamed a page of leads at a time. */
  @Get('export')
  export(
    @Query() query: Record<string, unknown>,
    @CurrentOperator() operator: Operator,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answered(() => {
      const format = query.format ?? 'csv';
      if (format !== 'csv' && format !== 'json') throw new FilterError('format is csv or json.');
      const filter = filterOf(query, ['format']);
      const pieces = exportLeads(this.inbox, this.audit, {
        filter,
        format,
        actor: operator.username,
      });
      const name = `leads-${supportDate(new Date())}.${format}`;
      void reply.header('Cache-Control', 'no-store');
      return new StreamableFile(Readable.from(pieces), {
        type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        disposition: `attachment; filename="${name}"`,
      });
    });
  }

  /** What an erasure of this address would remove, for the admin to confirm. */
  @Post('erasure/preview')
  @HttpCode(200)
  preview(@Body() body: unknown): Promise<Removed> {
    const { email } = fieldsOf(body, { email: 254 });
    return answered(() => this.removal.countByEmail(addressOf(email)));
  }

  /** Erases every submission from the address; `confirm` is the address typed again. */
  @Post('erasure')
  @HttpCode(200)
  erase(@Body() body: unknown, @CurrentOperator() operator: Operator): Promise<Removed> {
    const { email, confirm } = fieldsOf(body, { email: 254, confirm: 254 });
    return answered(() => {
      const address = addressOf(email);
      if (confirm.trim().toLowerCase() !== address.toLowerCase()) {
        throw new InboxRefusal(
          'Type the address again, exactly, to confirm the erasure.',
          'invalid',
        );
      }
      return this.removal.erase(address, operator.username);
    });
  }
}

function addressOf(email: string): string {
  const address = email.trim();
  if (!EMAIL.test(address))
    throw new FilterError('Enter an email address such as jane@bank.example.');
  return address;
}
