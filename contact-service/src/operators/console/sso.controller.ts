import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Operation } from '../../http/operation.js';
import { apiError } from '../../http/api-error.js';
import { BackchannelLogout } from '../sso/backchannel-logout.js';
import { LOGIN_MINUTES, SingleSignOn } from '../sso/single-sign-on.js';
import { Public } from './access.js';
import { SsoOffer } from './dto/console.dto.js';
import { cookieOf, setSessionCookie } from './session-cookie.js';

/**
 * The sign-in on its way through the provider: `__Host-` like the session's cookie, but
 * SameSite=Lax, as the provider sends the browser back with a cross-site navigation (a Strict
 * cookie would not come with it); it holds only a random id of the row with the checks.
 */
const LOGIN_COOKIE = '__Host-console-sso';
const SIGN_IN_SCREEN = '/console/sign-in';
/** A logout token is a JWT of a few hundred bytes; a form field of this length holds any. */
const LOGOUT_TOKEN_FIELD = 8_000;

/**
 * Single sign-on's routes (sso/single-sign-on.ts): what the sign-in screen offers, the start
 * and the return of a sign-in (browser navigations, answered with redirects: a refusal lands on
 * the sign-in screen with its reason, never a 5xx), and the provider's back-channel logout.
 */
@ApiTags('session')
@Controller('sso')
export class SsoController {
  constructor(
    private readonly sso: SingleSignOn,
    private readonly logouts: BackchannelLogout,
  ) {}

  /** The sign-in screen's button: the provider's name, and whether passwords are refused. */
  @Get()
  @Public()
  @Operation('ssoOffer', SsoOffer)
  offer(): SsoOffer {
    const offer = this.sso.offer;
    return { provider: offer?.provider ?? null, required: offer?.required ?? false };
  }

  /** A browser navigation: a redirect to the provider (or back to the sign-in screen). */
  @Get('start')
  @Public()
  @ApiOperation({ operationId: 'ssoStart' })
  @ApiResponse({ status: 303, description: 'To the provider, or to the sign-in screen.' })
  async start(@Res() reply: FastifyReply): Promise<void> {
    if (!this.sso.offer) return this.back(reply, 'off');
    const started = await this.sso.start();
    if ('refused' in started) return this.back(reply, started.refused);
    void reply.header(
      'Set-Cookie',
      `${LOGIN_COOKIE}=${started.loginId}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${LOGIN_MINUTES * 60}`,
    );
    void reply.redirect(started.url, 303);
  }

  @Get('callback')
  @Public()
  @ApiOperation({ operationId: 'ssoCallback' })
  @ApiResponse({ status: 303, description: 'To the console, or to the sign-in screen.' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    void reply.header(
      'Set-Cookie',
      `${LOGIN_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0`,
    );
    if (!this.sso.offer) return this.back(reply, 'off');
    const query = request.url.indexOf('?');
    const outcome = await this.sso.finish(
      cookieOf(request, LOGIN_COOKIE),
      query === -1 ? '' : request.url.slice(query),
      request.headers['user-agent'],
    );
    if ('refused' in outcome) return this.back(reply, outcome.refused);
    setSessionCookie(reply, outcome.sessionId);
    void reply.redirect('/console/', 303);
  }

  /**
   * OpenID Connect Back-Channel Logout 1.0: a form POST with a logout_token, from the provider
   * (sso/backchannel-logout.ts). 400 for a token refused, 429 (with Retry-After) past the
   * provider's limit of LOGOUT_TOKENS_PER_MINUTE.
   */
  @Post('backchannel-logout')
  @Public()
  @HttpCode(200)
  @ApiOperation({ operationId: 'ssoBackchannelLogout' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: { type: 'object', properties: { logout_token: { type: 'string' } } } })
  @ApiOkResponse({ description: 'The sessions of the token are ended.' })
  async backchannelLogout(
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = (body as Record<string, unknown> | undefined)?.logout_token;
    if (typeof token !== 'string' || token.length === 0 || token.length > LOGOUT_TOKEN_FIELD) {
      throw new BadRequestException(apiError(400, 'Send a logout_token as a form field.'));
    }
    if (!this.sso.offer) {
      throw new BadRequestException(apiError(400, 'Single sign-on is not configured here.'));
    }
    const result = await this.logouts.logout(token);
    if (!('refused' in result)) return;
    if (result.refused === 'limited') {
      const seconds = result.retryAfterSeconds;
      void reply.header('Retry-After', String(seconds));
      throw new HttpException(
        apiError(
          429,
          `Too many logout tokens came for this provider in the last minute. Try again in ${seconds} seconds.`,
        ),
        429,
      );
    }
    throw new BadRequestException(apiError(400, 'The logout token is not valid.'));
  }

  private back(reply: FastifyReply, reason: string): void {
    void reply.redirect(`${SIGN_IN_SCREEN}?sso=${encodeURIComponent(reason)}`, 303);
  }
}
