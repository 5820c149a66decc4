import { Operation } from '../../http/operation.js';
import { Readable } from 'node:stream';
import { Body, Controller, Get, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuditTrail } from '../../audit/audit-trail.js';
import { LeadRemoval, Removed } from '../../leads/lead-removal.js';
import { supportDate } from '../../leads/support-hours.js';
import { AdminOnly, CurrentOperator } from '../../operators/console/access.js';
import type { Operator } from '../../operators/sessions.js';
import { valuesOf } from '../../http/query-fields.js';
import { Inbox, InboxRefusal } from '../inbox.js';
import { exportLeads } from '../lead-export.js';
import { ErasureBody, ErasurePreviewBody, ExportQuery } from './dto/inbox.dto.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** For admins: the export of a filter and a person's erasure, as `leads export` and `leads erase`. */
@ApiTags('admin')
@Controller('admin/leads')
@AdminOnly()
export class AdminLeadsController {
  constructor(
    private readonly inbox: Inbox,
    private readonly audit: AuditTrail,
    private readonly removal: LeadRemoval,
  ) {}

  /**
   * The filter's leads as a file the browser downloads, streamed a page of leads at a time (the
   * console links to it; it is not fetched).
   */
  @Get('export')
  @ApiOperation({ operationId: 'exportLeads' })
  @ApiProduces('text/csv', 'application/json')
  @ApiOkResponse({ description: 'A CSV or JSON file, as an attachment.' })
  export(
    @Query() query: ExportQuery,
    @CurrentOperator() operator: Operator,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): StreamableFile {
    const { format = 'csv', ...filter } = valuesOf(query);
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
  }

  /** What an erasure of this address would remove, for the admin to confirm. */
  @Post('erasure/preview')
  @Operation('erasurePreview', Removed)
  preview(@Body() { email }: ErasurePreviewBody): Promise<Removed> {
    return this.removal.countByEmail(addressOf(email));
  }

  /** Erases every submission from the address; `confirm` is the address typed again. */
  @Post('erasure')
  @Operation('erase', Removed)
  erase(
    @Body() { email, confirm }: ErasureBody,
    @CurrentOperator() operator: Operator,
  ): Promise<Removed> {
    const address = addressOf(email);
    if (confirm.trim().toLowerCase() !== address.toLowerCase()) {
      throw new InboxRefusal('Type the address again, exactly, to confirm the erasure.', 'invalid');
    }
    return this.removal.erase(address, operator.username);
  }
}

function addressOf(email: string): string {
  const address = email.trim();
  if (!EMAIL.test(address)) {
    throw new InboxRefusal('Enter an email address such as jane@bank.example.', 'invalid');
  }
  return address;
}
