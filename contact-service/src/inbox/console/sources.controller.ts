import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { apiError } from '../../http/api-error.js';
import { RefusedAs } from '../../http/body-validation.pipe.js';
import { Operation, Refusals } from '../../http/operation.js';
import { Day, NotBefore } from '../../http/query-fields.js';
import { Clock } from '../../operators/clock.js';
import {
  reportDays,
  SOURCE_REPORT_MAX_DAYS,
  SourceReport,
  sourceReportOf,
} from '../../leads/source-report.js';

@RefusedAs({
  unknownField: (name) =>
    `The sources report has no parameter named ${JSON.stringify(name.slice(0, 40))}.`,
})
export class SourcesQuery {
  /** The first day (YYYY-MM-DD in the support time zone); by default 27 days before `to`. */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-01' })
  @Day()
  from?: string;

  /** The last day, included; by default today. */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-28' })
  @Day()
  @NotBefore('from')
  to?: string;
}

const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;

/** Which campaigns bring discovery calls: numbers only, for every signed-in operator. */
@ApiTags('inbox')
@Controller('sources')
export class SourcesController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  @Get()
  @Operation('sources', SourceReport)
  @Refusals({
    400: `A date is not a day such as 2026-11-24, from is after to, or the range is longer than ${SOURCE_REPORT_MAX_DAYS} days.`,
  })
  sources(@Query() query: SourcesQuery): Promise<SourceReport> {
    const { from, to } = reportDays(this.clock.now(), query);
    if (days(from, to) > SOURCE_REPORT_MAX_DAYS) {
      throw new BadRequestException(
        apiError(
          400,
          `Choose at most ${SOURCE_REPORT_MAX_DAYS} days: from ${from} to ${to} is ${days(from, to)}.`,
        ),
      );
    }
    return sourceReportOf(this.dataSource, from, to);
  }
}
