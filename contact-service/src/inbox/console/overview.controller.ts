import { Operation } from '../../http/operation.js';
import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../operators/clock.js';
import { Inbox } from '../inbox.js';
import { Overview, overviewOf } from '../overview.js';

/** The small overview: numbers only, for every signed-in operator. */
@ApiTags('inbox')
@Controller('overview')
export class OverviewController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inbox: Inbox,
    private readonly clock: Clock,
  ) {}

  @Get()
  @Operation('overview', Overview)
  overview(): Promise<Overview> {
    return overviewOf(this.dataSource, this.inbox.rules, this.clock.now());
  }
}
