import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * nginx's X-Request-Id when it is well-formed, else a fresh id. Fastify stores it on the request
 * (and on the raw request, where the pino logger picks it up); the app echoes it in the answer.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
