import {
  BadRequestException,
  Body,
  Catch,
  Controller,
  Get,
  HttpCode,
  HttpException,
  Injectable,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Operation } from '../../http/operation.js';
import { apiError } from '../../http/api-error.js';
import { ApiExceptionFilter } from '../../http/api-exception.filter.js';
import { valuesOf } from '../../http/query-fields.js';
import { InputRefusal } from '../../http/refusal.js';
import { BackchannelLogout } from '../sso/backchannel-logout.js';
import { LOGIN_MINUTES, SingleSignOn, type ProviderAnswer } from '../sso/single-sign-on.js';
import { Public } from './access.js';
import { SsoOffer } from './dto/console.dto.js';
import { LogoutForm, SsoCallbackQuery } from './dto/sso.dto.js';
import { cookieOf, setSessionCookie } from './session-cookie.js';

/**
 * The sign-in on its way through the provider: `__Host-` like the session's cookie, but
 * SameSite=Lax, as the provider sends the browser back with a cross-site navigation (a Strict
 * cookie would not come with it); it holds only a random id of the row with the checks.
 */
const LOGIN_COOKIE = '__Host-console-sso';
const SIGN_IN_SCREEN = '/console/sign-in';

/** Back to the sign-in screen, which says why (`reason`). */
function back(reply: FastifyReply, reason: string): void {
  void reply.redirect(`${SIGN_IN_SCREEN}?sso=${encodeURIComponent(reason)}`, 303);
}

/** The end of the browser's return from the provider: into the console, or refused. */
async function land(
  sso: SingleSignOn,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ProviderAnswer,
): Promise<void> {
  void reply.header(
    'Set-Cookie',
    `${LOGIN_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0`,
  );
  if (!sso.offer) return back(reply, 'off');
  const outcome = await sso.finish(
    cookieOf(request, LOGIN_COOKIE),
    answer,
    request.headers['user-agent'],
  );
  if ('refused' in outcome) return back(reply, outcome.refused);
  setSessionCookie(reply, outcome.sessionId);
  void reply.redirect('/console/', 303);
}

/**
 * The callback's query refused by its DTO (a parameter twice, too long, a NUL): a browser
 * navigation, so a sign-in that failed, as one whose answer does not hold up (the sign-in used,
 * the refusal audited), never the API's 400. Anything unexpected is answered as everywhere else.
 */
@Catch(InputRefusal)
@Injectable()
export class RefusedCallback implements ExceptionFilter {
  constructor(private readonly sso: SingleSignOn) {}

  async catch(refusal: InputRefusal, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    try {
      await land(this.sso, http.getRequest(), reply, { unreadable: refusal.message });
    } catch (error) {
      new ApiExceptionFilter().catch(error, host);
    }
  }
}

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
    if (!this.sso.offer) return back(reply, 'off');
    const started = await this.sso.start();
    if ('refused' in started) return back(reply, started.refused);
    void reply.header(
      'Set-Cookie',
      `${LOGIN_COOKIE}=${started.loginId}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${LOGIN_MINUTES * 60}`,
    );
    void reply.redirect(started.url, 303);
  }

  @Get('callback')
  @Public()
  @UseFilters(RefusedCallback)
  @ApiOperation({ operationId: 'ssoCallback' })
  @ApiResponse({ status: 303, description: 'To the console, or to the sign-in screen.' })
  async callback(
    @Query() answer: SsoCallbackQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await land(this.sso, request, reply, new URLSearchParams(Object.entries(valuesOf(answer))));
  }

  /**
   * OpenID Connect Back-Channel Logout 1.0: a form POST with a logout_token, from the provider
   * (sso/backchannel-logout.ts). 400 for a form without one (LogoutForm) and for a token
   * refused, 429 (with Retry-After) past the provider's limit of LOGOUT_TOKENS_PER_MINUTE.
   */
  @Post('backchannel-logout')
  @Public()
  @HttpCode(200)
  @ApiOperation({ operationId: 'ssoBackchannelLogout' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOkResponse({ description: 'The sessions of the token are ended.' })
  async backchannelLogout(
    @Body() { logout_token: token }: LogoutForm,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
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
}
