import { type DynamicModule, Module } from '@nestjs/common';
import type { EnvironmentService } from '../config/environment.service.js';
import { loggerModule } from '../logging/logger.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { OperatorsModule } from '../operators/operators.module.js';
import { databaseModule } from './database.module.js';
import { rootModule } from './root-module.js';

/** The operators' console API: its own app, so the public one has no console route at all. */
@Module({})
export class ConsoleAppModule {
  static forRoot(environment: EnvironmentService): DynamicModule {
    return rootModule(ConsoleAppModule, environment, [
      loggerModule(),
      // A few operators, not the public: a small pool of its own.
      databaseModule(() => 3),
      OperatorsModule,
      InboxModule,
    ]);
  }
}
