import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { apiError } from './api-error.js';

/** Visible ASCII only: a key is an opaque token such as a UUID, and it is stored as it is. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const BAD_KEY_MESSAGE =
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters, such as a UUID.';

/** The optional Idempotency-Key header: absent is fine, malformed (or sent twice) is a 400. */
export function parseIdempotencyKey(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && IDEMPOTENCY_KEY.test(value)) return value;
  throw new BadRequestException(apiError(400, BAD_KEY_MESSAGE));
}

/** The request's Idempotency-Key, checked (see parseIdempotencyKey). */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  parseIdempotencyKey(
    context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'],
  ),
);
