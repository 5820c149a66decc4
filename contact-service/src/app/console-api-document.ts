import release from '@proposal-site/contract/release.json' with { type: 'json' };
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { parseEnv } from '../config/env.js';
import { EnvironmentService } from '../config/environment.service.js';
import { ApiErrorBody } from '../http/api-error.js';
import { SESSION_COOKIE } from '../operators/console/session-cookie.js';
import { CONSOLE_PREFIX } from './console.factory.js';
import { ConsoleAppModule } from './console.module.js';
import { fastifyAdapter } from './fastify-adapter.js';

/**
 * The console's API as its controllers and DTOs describe it (@nestjs/swagger): the document the
 * console's client is generated from (contract/console-api.json, frontend/openapi-config.ts).
 * Read from the app's modules in Nest's preview mode, which builds no provider: no database,
 * no key, no port.
 */
export async function consoleApiDocument(): Promise<OpenAPIObject> {
  // Preview mode reads the modules' shape only; these values reach no provider.
  const env = parseEnv({
    CONSOLE_SECRET_KEY: 'x'.repeat(64),
    DATABASE_URL: 'postgres://preview@127.0.0.1/preview',
  });
  const environment = new EnvironmentService(env, env.DATABASE_URL!);
  const app: INestApplication = await NestFactory.create(
    ConsoleAppModule.forRoot(environment),
    fastifyAdapter(environment, 1024),
    { preview: true, logger: false, abortOnError: false },
  );
  app.setGlobalPrefix(CONSOLE_PREFIX);
  const config = new DocumentBuilder()
    .setTitle("Operators' console API")
    .setDescription(
      "The operators' console's API, on the console server's own origin. Every answer is " +
        'private (no-store); a signed-in session is a __Host- cookie; every error has the ' +
        'body ApiErrorBody. Generated from the service (npm run openapi -w contact-service).',
    )
    .setVersion(release.version)
    .addCookieAuth(SESSION_COOKIE)
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ApiErrorBody],
    operationIdFactory: (_controller, method) => method,
  });
  await app.close();
  return document;
}

/** The document as the repository holds it: stable key order, two-space indent, a newline. */
export const documentText = (document: OpenAPIObject) => `${JSON.stringify(document, null, 2)}\n`;
