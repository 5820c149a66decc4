import { LeadsModule } from '../leads/leads.module.js';
import { Module } from '@nestjs/common';
import { RetentionService } from './retention.service.js';

/** The daily retention purge, a background job on the service's queue. */
@Module({ imports: [LeadsModule], providers: [RetentionService] })
export class RetentionModule {}
