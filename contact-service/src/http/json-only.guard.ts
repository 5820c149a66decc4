import { CanActivate, ExecutionContext, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * Fastify already refuses bodies of other media types; this also refuses a POST that carries no
 * Content-Type at all, so the one answer to "not JSON" is always 415.
 */
export class JsonOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/json') throw new UnsupportedMediaTypeException();
    return true;
  }
}
