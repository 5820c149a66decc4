import { Module } from '@nestjs/common';
import { ClockModule } from '../operators/clock.js';
import { StatementController } from './statement.controller.js';
import { StatementService } from './statement.service.js';
import { ReviewWatch } from './review-watch.js';

/**
 * The accessibility statement's live part (statement.ts): GET /api/accessibility/*, and the
 * watch over its review date (review-watch.ts).
 */
@Module({
  imports: [ClockModule],
  controllers: [StatementController],
  providers: [StatementService, ReviewWatch],
  exports: [StatementService],
})
export class StatementModule {}
