import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import type { EnvironmentService } from '../config/environment.service.js';
import { apiError } from '../http/api-error.js';
import { ApiExceptionFilter } from '../http/api-exception.filter.js';
import { BodyValidationPipe } from '../http/body-validation.pipe.js';
import { ConsoleAppModule } from './console.module.js';
import { fastifyAdapter } from './fastify-adapter.js';

/** Where the console's API lives on its server. */
export const CONSOLE_PREFIX = 'api/console';
const BACKCHANNEL_LOGOUT = `/${CONSOLE_PREFIX}/sso/backchannel-logout`;
/** How the console's API words a body its DTO refuses (http/body-validation.pipe.ts). */
const CONSOLE_BODY_WORDING = {
  notObject: 'Send a JSON object.',
  correct: 'Please correct the highlighted fields.',
  unknownField: 'This field is not expected.',
};
/** The largest console request: a few short fields. */
const CONSOLE_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The console's API, on CONSOLE_PORT: a second Nest app beside the public one (whose routes it
 * does not share), after the public app has applied the migrations. Every answer is private
 * (no-store) and inert (a CSP that allows nothing, no framing, no referrer); a state-changing
 * request another site's page sends is refused (Nest's CSRF protection: Sec-Fetch-Site, Origin).
 */
export async function createConsoleApp(
  environment: EnvironmentService,
): Promise<NestFastifyApplication> {
  const adapter = fastifyAdapter(environment, CONSOLE_BODY_LIMIT_BYTES);
  const app = await NestFactory.create<NestFastifyApplication>(
    ConsoleAppModule.forRoot(environment),
    adapter,
    { bufferLogs: true, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix(CONSOLE_PREFIX);
  app.useGlobalPipes(new BodyValidationPipe(CONSOLE_BODY_WORDING));
  app.useGlobalFilters(
    new ApiExceptionFilter('The request body is not valid JSON. Send a JSON object.'),
  );
  app.enableCsrfProtection();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeContentTypeParser('text/plain');
  // Nest parses form bodies too: the identity provider's back-channel logout is a form POST
  // (OpenID Connect Back-Channel Logout 1.0); every other route takes JSON only.
  fastify.addHook('onRequest', async (request, reply) => {
    const type = request.headers['content-type'] ?? '';
    if (/^application\/x-www-form-urlencoded/i.test(type) && request.url !== BACKCHANNEL_LOGOUT) {
      await reply
        .code(415)
        .send(apiError(415, 'Send a JSON object with the header Content-Type: application/json.'));
    }
  });
  fastify.addHook('onSend', async (request, reply) => {
    void reply.headers({
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'X-Request-Id': request.id,
    });
  });
  return app;
}
