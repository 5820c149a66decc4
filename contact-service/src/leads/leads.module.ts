import { Module } from '@nestjs/common';
import { RetentionService } from './retention.service.js';

/** The service's side of the lead's life after it is written: the daily retention purge. */
@Module({ providers: [RetentionService] })
export class LeadsModule {}
