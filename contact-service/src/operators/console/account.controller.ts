import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Operation } from '../../http/operation.js';
import { AuditTrail } from '../../audit/audit-trail.js';
import { Missing } from '../../http/refusal.js';
import { LeadPreferences, LeadPreferencesStore } from '../lead-preferences.js';
import { OwnAccount } from '../own-account.js';
import { PasskeyInfo } from '../passkeys.js';
import { SessionInfo, Sessions, type Operator } from '../sessions.js';
import { CurrentOperator } from './access.js';
import {
  Confirmation,
  NewPasskey,
  NO_SUCH_PASSKEY,
  NO_SUCH_SESSION,
  PasskeyOptions,
  PasskeyPath,
  PasswordChange,
  RecoveryCodes,
  SessionPath,
} from './dto/console.dto.js';

/** The signed-in operator's own account: sessions, password, recovery codes, passkeys. */
@ApiTags('account')
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
  @Operation('leadPreferences', LeadPreferences)
  leadPreferences(@CurrentOperator() operator: Operator): Promise<LeadPreferences> {
    return this.preferences.get(operator);
  }

  @Put('preferences')
  @Operation('setLeadPreferences', LeadPreferences)
  setLeadPreferences(
    @CurrentOperator() operator: Operator,
    @Body() preferences: LeadPreferences,
  ): Promise<LeadPreferences> {
    return this.preferences.set(operator, preferences);
  }

  @Get('sessions')
  @Operation('sessions', [SessionInfo])
  list(@CurrentOperator() operator: Operator): Promise<SessionInfo[]> {
    return this.sessions.list(operator);
  }

  @Delete('sessions/:ref')
  @Operation('endSession')
  async end(@CurrentOperator() operator: Operator, @Param() { ref }: SessionPath): Promise<void> {
    if (!(await this.sessions.end(operator, ref))) throw new Missing(NO_SUCH_SESSION);
    await this.audit.record({ command: 'session ended', rows: 1, actor: operator.username });
  }

  /** A new password; the operator's other sessions end. */
  @Post('password')
  @Operation('changePassword')
  async password(
    @CurrentOperator() operator: Operator,
    @Body() { password, code, newPassword }: PasswordChange,
  ): Promise<void> {
    await this.account.changePassword(operator, password, code, newPassword);
  }

  @Get('passkeys')
  @Operation('passkeys', [PasskeyInfo])
  passkeys(@CurrentOperator() operator: Operator): Promise<PasskeyInfo[]> {
    return this.account.listPasskeys(operator);
  }

  /** What the browser needs to make a new passkey for this account. */
  @Post('passkeys/options')
  @Operation('passkeyOptions', PasskeyOptions)
  async passkeyOptions(@CurrentOperator() operator: Operator) {
    return this.account.passkeyOptions(operator);
  }

  /** The new passkey the browser made, confirmed with the password and a code. */
  @Post('passkeys')
  @Operation('addPasskey')
  async addPasskey(
    @CurrentOperator() operator: Operator,
    @Body() { password, code, passkey, name }: NewPasskey,
  ): Promise<void> {
    await this.account.addPasskey(operator, password, code, passkey, name);
  }

  @Delete('passkeys/:id')
  @Operation('removePasskey')
  async removePasskey(@CurrentOperator() operator: Operator, @Param() { id }: PasskeyPath) {
    if (!(await this.account.removePasskey(operator, id))) throw new Missing(NO_SUCH_PASSKEY);
  }

  /** Ten new recovery codes, shown this once; the earlier ones stop working. */
  @Post('recovery-codes')
  @Operation('newRecoveryCodes', RecoveryCodes)
  async recoveryCodes(
    @CurrentOperator() operator: Operator,
    @Body() { password, code }: Confirmation,
  ): Promise<RecoveryCodes> {
    return { recoveryCodes: await this.account.replaceRecoveryCodes(operator, password, code) };
  }
}
