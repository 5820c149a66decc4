import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { supportDate } from '../leads/support-hours.js';
import { raiseAlertOnce } from '../operators/break-glass-alarm.js';
import { reviewOf } from './statement.js';

/** How often a process looks at the review date. */
const CHECK_MS = 3_600_000;
const KIND = 'statement review missed';

/**
 * The statement's next review is a promise (contract/accessibility-statement.json): once its
 * date has passed, the admins hear of it, once per date missed, through the console's alerts
 * (operators/break-glass-alarm.ts writes them, once, and delivers them on the team's channels).
 * Every replica looks, at start and hourly; the first to see it writes the alert.
 */
@Injectable()
export class ReviewWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StatementReview');
  private timer?: NodeJS.Timeout;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const { overdue, nextReview } = reviewOf(supportDate(new Date()));
    if (overdue) {
      // Every start says it, as it says of settings still at their example values.
      this.logger.warn(
        `The accessibility statement's review was due on ${nextReview}: review it, then set its dates in contract/accessibility-statement.json`,
      );
    }
    const check = () =>
      void this.check(new Date()).catch((error: Error) =>
        this.logger.warn(`The statement's review date was not checked: ${error.message}`),
      );
    check();
    this.timer = setInterval(check, CHECK_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Writes the alert of a review missed at `now`, unless one was written; answers whether. */
  async check(now: Date): Promise<boolean> {
    const review = reviewOf(supportDate(now));
    if (!review.overdue) return false;
    return raiseAlertOnce(this.dataSource, KIND, review.nextReview);
  }
}
