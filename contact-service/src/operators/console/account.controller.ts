import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import { AuditTrail } from '../../audit/audit-trail.js';
import { apiError } from '../../http/api-error.js';
import {
  LeadPreferencesStore,
  PreferencesError,
  preferencesOf,
  type LeadPreferences,
} from '../lead-preferences.js';
import { OwnAccount, OwnAccountError } from '../own-account.js';
import { PASSKEY_NAME_MAX, type PasskeyInfo } from '../passkeys.js';
import type { Operator, SessionInfo } from '../sessions.js';
import { Sessions } from '../sessions.js';
import { CurrentOperator } from './access.js';
import { fieldsOf, refusalsAs400 } from './console-body.js';
import { PASSKEY_FIELD, PASSWORD_FIELD } from './session.controller.js';

/** The signed-in operator's own account: sessions, password, recovery codes, passkeys. */
@Controller('account')
export class AccountController {
  constructor(
    private readonly sessions: Sessions,
    private readonly account: OwnAccount,
    private readonly audit: AuditTrail,
    private readonly preferences: LeadPreferencesStore,
  ) {}

  /** The operator's address for reminders, automatic assignment, and days away. */
  @Get('preferences')
  leadPreferences(@CurrentOperator() operator: Operator): Promise<LeadPreferences> {
    return this.preferences.get(operator);
  }

  @Put('preferences')
  @HttpCode(200)
  setLeadPreferences(@CurrentOperator() operator: Operator, @Body() body: unknown) {
    return refusalsAs400(
      (async () => this.preferences.set(operator, preferencesOf(body)))(),
      PreferencesError,
    );
  }

  @Get('sessions')
  list(@CurrentOperator() operator: Operator): Promise<SessionInfo[]> {
    return this.sessions.list(operator);
  }

  @Delete('sessions/:ref')
  @HttpCode(204)
  async end(@CurrentOperator() operator: Operator, @Param('ref') ref: string): Promise<void> {
    if (!(await this.sessions.end(operator, ref))) {
      throw new NotFoundException(apiError(404, 'You have no session with that reference.'));
    }
    await this.audit.record({ command: 'session ended', rows: 1, actor: operator.username });
  }

  /** A new password; the operator's other sessions end. */
  @Post('password')
  @HttpCode(204)
  async password(@CurrentOperator() operator: Operator, @Body() body: unknown): Promise<void> {
    const { password, code, newPassword } = fieldsOf(body, {
      password: PASSWORD_FIELD,
      code: 32,
      newPassword: PASSWORD_FIELD,
    });
    await refusalsAs400(
      this.account.changePassword(operator, password, code, newPassword),
      OwnAccountError,
    );
  }

  @Get('passkeys')
  passkeys(@CurrentOperator() operator: Operator): Promise<PasskeyInfo[]> {
    return this.account.listPasskeys(operator);
  }

  /** What the browser needs to make a new passkey for this account. */
  @Post('passkeys/options')
  @HttpCode(200)
  passkeyOptions(@CurrentOperator() operator: Operator) {
    return refusalsAs400((async () => this.account.passkeyOptions(operator))(), OwnAccountError);
  }

  /** The new passkey the browser made, confirmed with the password and a code. */
  @Post('passkeys')
  @HttpCode(204)
  async addPasskey(@CurrentOperator() operator: Operator, @Body() body: unknown): Promise<void> {
    const { password, code, passkey, name } = fieldsOf(body, {
      password: PASSWORD_FIELD,
      code: 32,
      passkey: PASSKEY_FIELD,
      name: PASSKEY_NAME_MAX,
    });
    await refusalsAs400(
      this.account.addPasskey(operator, password, code, passkey, name),
      OwnAccountError,
    );
  }

  @Delete('passkeys/:id')
  @HttpCode(204)
  async removePasskey(@CurrentOperator() operator: Operator, @Param('id') id: string) {
    if (!(await this.account.removePasskey(operator, id))) {
      throw new NotFoundException(apiError(404, 'You have no passkey with that id.'));
    }
  }

  /** Ten new recovery codes, shown this once; the earlier ones stop working. */
  @Post('recovery-codes')
  @HttpCode(200)
  async recoveryCodes(
    @CurrentOperator() operator: Operator,
    @Body() body: unknown,
  ): Promise<{ recoveryCodes: string[] }> {
    const { password, code } = fieldsOf(body, { password: PASSWORD_FIELD, code: 32 });
    const recoveryCodes = await refusalsAs400(
      this.account.replaceRecoveryCodes(operator, password, code),
      OwnAccountError,
    );
    return { recoveryCodes };
  }
}
