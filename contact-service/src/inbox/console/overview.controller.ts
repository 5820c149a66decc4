import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../operators/clock.js';
import { Inbox } from '../inbox.js';
import { overviewOf, type Overview } from '../overview.js';

/** The small overview: numbers only, for every signed-in operator. */
@Controller('overview')
export class OverviewController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inbox: Inbox,
    private readonly clock: Clock,
  ) {}

  @Get()
  overview(): Promise<Overview> {
    return overviewOf(this.dataSource, this.inbox.rules, this.clock.now());
  }
}
