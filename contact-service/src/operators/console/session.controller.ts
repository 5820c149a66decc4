import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpException,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import { Operation } from '../../http/operation.js';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuditTrail } from '../../audit/audit-trail.js';
import { apiError } from '../../http/api-error.js';
import { Passkeys } from '../passkeys.js';
import type { Operator } from '../sessions.js';
import { Sessions } from '../sessions.js';
import { SIGN_IN_FAILED, SignIn } from '../sign-in.js';
import { SsoSessions } from '../sso/sso-sessions.js';
import { CurrentOperator, Public } from './access.js';
import { Me, PasskeyOptions, SignedIn, SignedOut, SignInBody } from './dto/console.dto.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

@ApiTags('session')
@Controller()
export class SessionController {
  constructor(
    private readonly signIn: SignIn,
    private readonly passkeys: Passkeys,
    private readonly sessions: Sessions,
    private readonly audit: AuditTrail,
    private readonly sso: SsoSessions,
  ) {}

  /**
   * What the browser needs to ask for a passkey: a challenge, and no account or credential named,
   * so the answer tells nobody whether a username exists.
   */
  @Post('sign-in/passkey-options')
  @Public()
  @Operation('signInPasskeyOptions', PasskeyOptions)
  passkeyOptions() {
    return this.passkeys.signInOptions();
  }

  /** Username, password and a second factor (a code, or a passkey's answer) in one request. */
  @Post('sign-in')
  @Public()
  @Operation('signIn', SignedIn)
  async start(
    @Body() { username, password, code, passkey }: SignInBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedIn> {
    if ((code === undefined) === (passkey === undefined)) {
      throw new BadRequestException(apiError(400, 'Send either a code or a passkey.'));
    }
    const result = await this.signIn.attempt({
      username,
      password,
      code,
      passkey,
      address: request.ip,
      userAgent: request.headers['user-agent'],
    });
    if (result.outcome === 'wait') {
      void reply.header('Retry-After', String(result.seconds));
      const why = result.busy
        ? 'Too many sign-ins are being checked at once.'
        : 'Too many failed sign-ins.';
      throw new HttpException(
        apiError(429, `${why} Try again in ${waitText(result.seconds)}.`),
        429,
      );
    }
    if (result.outcome === 'failed') throw new UnauthorizedException(apiError(401, SIGN_IN_FAILED));
    setSessionCookie(reply, result.sessionId);
    return { username: username.trim().toLowerCase() };
  }

  /**
   * Who is signed in: 401 when nobody is (the console's "who am I" read). `hasPassword`: the
   * account has a password, codes and passkeys to manage (not one that signs in through the
   * provider).
   */
  @Get('me')
  @Operation('me', Me)
  me(@CurrentOperator() operator: Operator): Me {
    return { username: operator.username, role: operator.role, hasPassword: operator.hasPassword };
  }

  /**
   * Ends this session; a session started through the provider also gets the provider's logout
   * address (RP-initiated logout), where the console sends the browser next.
   */
  @Post('sign-out')
  @Operation('signOut', SignedOut)
  async signOut(
    @CurrentOperator() operator: Operator,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedOut> {
    const providerLogoutUrl = (await this.sso.endSessionUrl(operator)) ?? null;
    await this.sessions.endCurrent(operator);
    await this.audit.record({ command: 'sign-out', rows: 1, actor: operator.username });
    clearSessionCookie(reply);
    return { providerLogoutUrl };
  }

  /** Ends every session of the account, this one included. */
  @Post('sign-out-everywhere')
  @Operation('signOutEverywhere')
  async signOutEverywhere(
    @CurrentOperator() operator: Operator,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.sessions.endAll(operator.userId);
    await this.audit.record({ command: 'sign-out everywhere', rows: 1, actor: operator.username });
    clearSessionCookie(reply);
  }
}

function waitText(seconds: number): string {
  return seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}
