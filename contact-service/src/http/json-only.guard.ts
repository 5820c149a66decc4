import {
  type CanActivate,
  type ExecutionContext,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { apiError } from './api-error.js';

const CHARSET_MESSAGE = 'Send the form as UTF-8 JSON: Content-Type: application/json.';
const COMPRESSED_MESSAGE =
  'Send the form uncompressed: this address does not accept a Content-Encoding.';

/**
 * Fastify already refuses bodies of other media types; this also refuses a POST that carries no
 * Content-Type at all, so the one answer to "not JSON" is always 415. JSON is UTF-8 (RFC 8259,
 * 8.1): a body that says it is in another charset, or compressed (RFC 9110, 15.5.16), is refused
 * too, because Fastify would read its bytes as plain UTF-8 and store something else.
 */
export class JsonOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const [mediaType = '', ...parameters] = (request.headers['content-type'] ?? '').split(';');
    if (mediaType.trim().toLowerCase() !== 'application/json') {
      throw new UnsupportedMediaTypeException();
    }
    const charset = parameters
      .map((parameter) => /^\s*charset\s*=\s*"?([^"]*)"?\s*$/i.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
      throw new UnsupportedMediaTypeException(apiError(415, CHARSET_MESSAGE));
    }
    const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity') {
      throw new UnsupportedMediaTypeException(apiError(415, COMPRESSED_MESSAGE));
    }
    return true;
  }
}
