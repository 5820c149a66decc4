import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { EnvironmentService } from '../config/environment.service.js';
import { requestId } from '../http/request-id.js';
import { trustedProxy } from '../http/trusted-proxy.js';

/** The HTTP server of an app: its body limit, the trusted proxy, request ids, a graceful close. */
export function fastifyAdapter(environment: EnvironmentService, bodyLimit: number): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit,
    trustProxy: trustedProxy(environment.get('TRUST_PROXY')),
    genReqId: requestId,
    requestIdHeader: false,
    // On close, refuse new requests at once and let in-flight ones finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
}
