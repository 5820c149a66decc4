import { Operation } from '../../http/operation.js';
import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Enrolment, OpenedEnrolment } from '../enrolment.js';
import { Public } from './access.js';
import { EnrolmentToken, FinishEnrolmentBody, RecoveryCodes } from './dto/console.dto.js';
import { setSessionCookie } from './session-cookie.js';

/**
 * The enrolment link's two steps. The token travels in the body, never in a URL the logs keep
 * (the link carries it after `#`, which browsers do not send).
 */
@ApiTags('session')
@Controller('enrolment')
@Public()
export class EnrolmentController {
  constructor(private readonly enrolment: Enrolment) {}

  @Post('open')
  @Operation('openEnrolment', OpenedEnrolment)
  open(@Body() { token }: EnrolmentToken): Promise<OpenedEnrolment> {
    return this.enrolment.open(token);
  }

  /** The password and a first code: the account is enrolled and signed in. */
  @Post('finish')
  @Operation('finishEnrolment', RecoveryCodes)
  async finish(
    @Body() { token, password, code }: FinishEnrolmentBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecoveryCodes> {
    const done = await this.enrolment.finish(token, password, code, request.headers['user-agent']);
    setSessionCookie(reply, done.sessionId);
    return { recoveryCodes: done.recoveryCodes };
  }
}
