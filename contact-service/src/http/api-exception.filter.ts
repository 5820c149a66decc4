import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../database/connection-errors.js';
import { apiError, isApiErrorBody, type ApiErrorBody } from './api-error.js';
import { Refusal } from './refusal.js';

const BAD_JSON =
  'The request body is not valid JSON. Send a JSON object with name, email, company, role and an optional message.';

/** Errors raised by Fastify itself (body parsing, limits) carry a status but no Nest wrapper. */
interface FastifyError {
  statusCode: number;
  code: string;
}

function isFastifyError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    typeof (error as Partial<FastifyError>).statusCode === 'number' &&
    typeof (error as Partial<FastifyError>).code === 'string'
  );
}

/**
 * Turns anything thrown while handling a request into the documented error body: the one place
 * where an error becomes a status. A refusal of the product's rules or of a DTO (refusal.ts) and
 * Nest's own client errors keep their status; a database that cannot be used now is a 503 (with
 * Retry-After); anything else unexpected is logged with its stack and answered with a plain 500,
 * so no internals ever reach the client.
 */
export function toApiError(error: unknown, logger: Logger, unreadable?: string): ApiErrorBody {
  if (error instanceof Refusal) return error.body;
  if (error instanceof HttpException) {
    const response = error.getResponse();
    if (isApiErrorBody(response)) return response;
    return apiError(error.getStatus(), error.getStatus() === 400 ? unreadable : undefined);
  }
  if (isFastifyError(error) && error.statusCode >= 400 && error.statusCode < 500) {
    return error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      ? apiError(400, unreadable ?? BAD_JSON)
      : apiError(error.statusCode);
  }
  // The database cannot be used now (a failover, a restart): try again, not a 500.
  if (isDatabaseUnavailable(error)) {
    logger.warn(`Database unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return apiError(503);
  }
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return apiError(500);
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  /**
   * `unreadable`: what a request whose body cannot be read is told; by default, the contact
   * form's fields.
   */
  constructor(private readonly unreadable?: string) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = toApiError(exception, this.logger, this.unreadable);
    if ((body.status === 503 || body.status === 429) && !reply.hasHeader('Retry-After')) {
      void reply.header('Retry-After', '5');
    }
    void reply.status(body.status).type('application/json; charset=utf-8').send(body);
  }
}
