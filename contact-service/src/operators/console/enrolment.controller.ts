import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Enrolment, EnrolmentError, type OpenedEnrolment } from '../enrolment.js';
import { Public } from './access.js';
import { fieldsOf, refusalsAs400 } from './console-body.js';
import { PASSWORD_FIELD } from './session.controller.js';
import { setSessionCookie } from './session-cookie.js';

/**
 * The enrolment link's two steps. The token travels in the body, never in a URL the logs keep
 * (the link carries it after `#`, which browsers do not send).
 */
@Controller('enrolment')
@Public()
export class EnrolmentController {
  constructor(private readonly enrolment: Enrolment) {}

  @Post('open')
  @HttpCode(200)
  open(@Body() body: unknown): Promise<OpenedEnrolment> {
    const { token } = fieldsOf(body, { token: 100 });
    return refusalsAs400(this.enrolment.open(token), EnrolmentError);
  }

  /** The password and a first code: the account is enrolled and signed in. */
  @Post('finish')
  @HttpCode(200)
  async finish(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ recoveryCodes: string[] }> {
    const { token, password, code } = fieldsOf(body, {
      token: 100,
      password: PASSWORD_FIELD,
      code: 32,
    });
    const done = await refusalsAs400(
      this.enrolment.finish(token, password, code, request.headers['user-agent']),
      EnrolmentError,
    );
    setSessionCookie(reply, done.sessionId);
    return { recoveryCodes: done.recoveryCodes };
  }
}
