import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { apiError } from '../../http/api-error.js';
import type { Operator } from '../sessions.js';
import { Sessions } from '../sessions.js';
import { SsoSessions } from '../sso/sso-sessions.js';
import { sessionIdOf } from './session-cookie.js';

const PUBLIC = 'console:public';
const ADMIN = 'console:admin';

/** A route anyone may call: sign-in and enrolment. Every other route needs a session. */
export const Public = () => SetMetadata(PUBLIC, true);
/** A route for admins only (a member gets 403). */
export const AdminOnly = () => SetMetadata(ADMIN, true);

export const SIGNED_OUT = 'You are not signed in, or your session has ended. Sign in again.';
export const ADMINS_ONLY = 'Only an admin can do this.';

type WithOperator = FastifyRequest & { operator?: Operator };

/** The operator the guard found for this request. */
export const CurrentOperator = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Operator =>
    context.switchToHttp().getRequest<WithOperator>().operator!,
);

/**
 * Deny by default: the one guard of every console route. No live session (or one that single
 * sign-on ends: the provider says no, or SSO_REQUIRED=true and it was not started through it):
 * 401; an admin-only route and a member: 403.
 */
@Injectable()
export class ConsoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: Sessions,
    private readonly sso: SsoSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<WithOperator>();
    const id = sessionIdOf(request);
    const found = id ? await this.sessions.operatorOf(id) : null;
    const operator = found && (await this.sso.admit(found)) ? found : null;
    if (!operator) throw new UnauthorizedException(apiError(401, SIGNED_OUT));
    if (this.reflector.getAllAndOverride<boolean>(ADMIN, targets) && operator.role !== 'admin') {
      throw new ForbiddenException(apiError(403, ADMINS_ONLY));
    }
    request.operator = operator;
    return true;
  }
}
