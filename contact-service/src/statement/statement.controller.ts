import { Controller, Get, Header } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { Operation } from '../http/operation.js';
import { StatementDocument } from './statement.js';
import { STATEMENT_CACHE_MS, StatementService } from './statement.service.js';

const MAX_AGE = `public, max-age=${STATEMENT_CACHE_MS / 1000}`;

/**
 * The accessibility statement's live part, public: the site answers `/accessibility.json` from
 * the first, and nginx includes the second in the prerendered `/accessibility` (infra/nginx/
 * snippets/static-site.conf). Neither reads a cookie nor counts against a limit: each is a
 * cached read (StatementService).
 */
@Controller('accessibility')
export class StatementController {
  constructor(private readonly statement: StatementService) {}

  /** The statement as data: contract/accessibility-statement.json and its known limitations. */
  @Get('statement')
  @Operation('accessibilityStatement', StatementDocument)
  @Header('Cache-Control', MAX_AGE)
  document(): Promise<StatementDocument> {
    return this.statement.document();
  }

  /** The confirmed reports as the page's list items (HTML, every character of it escaped). */
  @Get('limitations')
  @Operation('accessibilityLimitations', String)
  @ApiProduces('text/html')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', MAX_AGE)
  items(): Promise<string> {
    return this.statement.items();
  }
}
