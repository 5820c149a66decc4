import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The console's session cookie: `__Host-` (set by this host only, for every path, never for
 * another subdomain), Secure, HttpOnly (no script reads it) and SameSite=Strict (no other site's
 * page sends it). Browsers treat http://localhost as secure, so loopback works without TLS.
 */
export const SESSION_COOKIE = '__Host-console';

export function sessionIdOf(request: FastifyRequest): string | undefined {
  return cookieOf(request, SESSION_COOKIE);
}

/** A cookie's value as the browser sent it; none when empty. */
export function cookieOf(request: FastifyRequest, cookie: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookie) return value.join('=') || undefined;
  }
  return undefined;
}

/** No Max-Age: the cookie ends with the browser; the server ends the session on its own limits. */
export function setSessionCookie(reply: FastifyReply, id: string): void {
  void reply.header(
    'Set-Cookie',
    `${SESSION_COOKIE}=${id}; Path=/; Secure; HttpOnly; SameSite=Strict`,
  );
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.header(
    'Set-Cookie',
    `${SESSION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`,
  );
}
