import helmet from '@fastify/helmet';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import type { EnvironmentService } from '../config/environment.service.js';
import { BOOKING_BODY_LIMIT_BYTES } from '../bookings/booking-event.js';
import { CONTACT_BODY_LIMIT_BYTES } from '../contact/contact-limits.js';
import { applyMigrations } from '../database/apply-migrations.js';
import { ApiExceptionFilter } from '../http/api-exception.filter.js';
import { BodyValidationPipe } from '../http/body-validation.pipe.js';
import { CONTACT_BODY_WORDING } from '../contact/contact-messages.js';
import { AppModule, type AppRole } from './app.module.js';
import { fastifyAdapter } from './fastify-adapter.js';

/**
 * Builds the whole service, for the entry points and the tests alike: applies pending migrations
 * first (on their own connection and timeout), then creates the app.
 */
export async function createApp(
  environment: EnvironmentService,
  role: AppRole = 'api',
): Promise<NestFastifyApplication> {
  const migrations = await applyMigrations(environment.databaseUrl, {
    timeoutMs: environment.get('MIGRATION_TIMEOUT_MS'),
  });
  const adapter = fastifyAdapter(environment, CONTACT_BODY_LIMIT_BYTES);
  // A scheduler's payload carries every answer the invitee gave: more than a form's body.
  adapter.getInstance().addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/bookings/')) route.bodyLimit = BOOKING_BODY_LIMIT_BYTES;
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(environment, role),
    adapter,
    // A failed start rejects (start-up.ts prints one line and exits 1), never process.abort().
    // rawBody: the schedulers' signatures are over the bytes as sent (bookings/signatures.ts).
    { bufferLogs: true, abortOnError: false, rawBody: true },
  );
  const logger = app.get(Logger);
  app.useLogger(logger);
  if (migrations.waitedMs > 0) {
    logger.log(`Waited ${migrations.waitedMs} ms for another process to finish migrating`);
  }
  logger.log(
    migrations.applied.length === 0
      ? 'Migrations: the schema is up to date'
      : `Migrations applied: ${migrations.applied.join(', ')}`,
  );
  // /metrics stays outside /api, the only prefix nginx proxies: Prometheus scrapes this port.
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(new BodyValidationPipe(CONTACT_BODY_WORDING));
  // The API serves JSON only; the site's own headers are set by nginx.
  await app.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"] } } });
  // Fastify would parse text/plain into a string; the API accepts JSON only (415 otherwise).
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeContentTypeParser('text/plain');
  // Once shutdown has begun, answers close their connection, so keep-alive clients cannot hold
  // the server open after their last in-flight request is done.
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
  });
  fastify.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('Connection', 'close');
  });
  return app;
}

/**
 * Nest's own close() would end the database pool before the HTTP server stops, so the server is
 * closed first: it stops accepting and waits for requests in flight; then the pool is closed.
 */
export async function closeGracefully(app: NestFastifyApplication): Promise<void> {
  await app.getHttpAdapter().close();
  await app.close();
}
