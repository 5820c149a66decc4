import { type DynamicModule, Module } from '@nestjs/common';
import type { Env } from '../config/env.js';
import { LEADS_ENV, RetentionService } from './retention.service.js';

/** The service's side of the operators' data tools: the daily retention purge. */
@Module({})
export class LeadsModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: LeadsModule,
      providers: [{ provide: LEADS_ENV, useValue: env }, RetentionService],
    };
  }
}
