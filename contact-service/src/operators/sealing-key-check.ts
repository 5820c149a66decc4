import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, Not, type DataSource } from 'typeorm';
import { UNOPENED_SECRET } from './second-factor.js';
import { SecretBox } from './secret-box.js';
import { User } from './user.entity.js';

/** How many sealed secrets the start looks at: enough to tell a wrong key, cheap at any size. */
const SAMPLE = 20;

/**
 * At start, says loudly when CONSOLE_SECRET_KEY does not open the authenticator secrets the
 * database holds: a database restored on a new machine without the backup's settings, where
 * every operator's app would otherwise just stop working with nothing in the log. The service
 * still starts: the form takes leads, and operators can sign in with recovery codes.
 */
@Injectable()
export class SealingKeyCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger(SealingKeyCheck.name);

  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly box: SecretBox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { unopened, of } = await this.look();
    if (unopened > 0) this.logger.error(`${UNOPENED_SECRET} (${unopened} of ${of} looked at)`);
  }

  /** Of up to SAMPLE sealed secrets, how many this key does not open. */
  async look(): Promise<{ unopened: number; of: number }> {
    const rows = await this.data.manager.find(User, {
      select: { id: true, totpSecret: true },
      where: { totpSecret: Not(IsNull()) },
      order: { id: 'ASC' },
      take: SAMPLE,
    });
    const unopened = rows.filter((row) => !this.box.openOrNull(row.totpSecret!)).length;
    return { unopened, of: rows.length };
  }
}
