import release from '@proposal-site/contract/release.json' with { type: 'json' };
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { parseEnv } from '../config/env.js';
import { EnvironmentService } from '../config/environment.service.js';
import { ApiErrorBody } from '../http/api-error.js';
import { OPEN_INPUTS } from '../http/body-validation.pipe.js';
import { ATTRIBUTION_COLUMNS } from '../leads/lead.js';
import { SESSION_COOKIE } from '../operators/console/session-cookie.js';
import { AppModule } from './app.module.js';
import { CONSOLE_PREFIX } from './console.factory.js';
import { ConsoleAppModule } from './console.module.js';
import { fastifyAdapter } from './fastify-adapter.js';

/**
 * The service's two APIs as their controllers and DTOs describe them (@nestjs/swagger), each
 * written to the contract by `make openapi`: the public one (contract/contact-api.json: the
 * form's POST, the beacon, the schedulers' webhooks, the probes and the metrics) and the
 * console's (contract/console-api.json), from which the console's client is generated
 * (frontend/openapi-config.mjs). Each is read from its app's modules in Nest's preview mode,
 * which builds no provider: no database, no key, no port.
 */
async function described(
  module: (environment: EnvironmentService) => DynamicModule,
  prefix: { path: string; exclude?: string[] },
  describe: (builder: DocumentBuilder) => DocumentBuilder,
): Promise<OpenAPIObject> {
  const environment = previewEnvironment();
  const app = await NestFactory.create(module(environment), fastifyAdapter(environment, 1024), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  app.setGlobalPrefix(prefix.path, { exclude: prefix.exclude ?? [] });
  const config = describe(new DocumentBuilder().setVersion(release.version)).build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ApiErrorBody],
    operationIdFactory: (_controller, method) => method,
  });
  await app.close();
  return closeRequestBodies(document);
}

/**
 * Marks every schema a request body is made of `additionalProperties: false`: the validation
 * pipe (http/body-validation.pipe.ts) refuses a field its DTO does not name, at any depth, but
 * for the DTOs it ignores such fields of (OPEN_INPUTS).
 */
function closeRequestBodies(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  const closed = new Set<string>();
  const close = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const { $ref, items, properties } = schema as Record<string, unknown>;
    if (typeof $ref === 'string') {
      const name = $ref.replace('#/components/schemas/', '');
      if (closed.has(name) || !schemas[name] || OPEN_INPUTS.has(name)) return;
      closed.add(name);
      schemas[name].additionalProperties = false;
      close(schemas[name]);
    }
    close(items);
    for (const property of Object.values(properties ?? {})) close(property);
  };
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path) as { requestBody?: unknown }[]) {
      const body = operation?.requestBody as { content?: Record<string, { schema?: unknown }> };
      for (const media of Object.values(body?.content ?? {})) close(media.schema);
    }
  }
  return document;
}

/**
 * Describes the named properties of a schema as a schema of their own, `part`, that the whole is
 * made of (allOf): the console's client then names them (`OpenedLead = LeadAttribution & {…}`),
 * and the console takes the part's keys from it instead of restating them.
 */
function describePart(
  document: OpenAPIObject,
  whole: string,
  part: string,
  names: readonly string[],
): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  const { properties, required, ...rest } = schemas[whole] as {
    properties: Record<string, unknown>;
    required?: string[];
  };
  const of = (keep: boolean) => ({
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).filter(([name]) => names.includes(name) === keep),
    ),
    required: required?.filter((name) => names.includes(name) === keep),
  });
  schemas[part] = of(true);
  schemas[whole] = { ...rest, allOf: [{ $ref: `#/components/schemas/${part}` }, of(false)] };
  return document;
}

/** Preview mode reads the modules' shape only: these values reach no provider. */
function previewEnvironment(): EnvironmentService {
  const env = parseEnv({
    CONSOLE_SECRET_KEY: 'x'.repeat(64),
    DATABASE_URL: 'postgres://preview@127.0.0.1/preview',
  });
  return new EnvironmentService(env, env.DATABASE_URL!);
}

/** The public API: what the site, the schedulers, the orchestrator and Prometheus call. */
export function contactApiDocument(): Promise<OpenAPIObject> {
  return described(
    (environment) => AppModule.forRoot(environment, 'api'),
    { path: 'api', exclude: ['metrics'] },
    (builder) =>
      builder
        .setTitle('Contact API')
        .setDescription(
          'The contact-service on the public site (behind nginx, which proxies /api/ only) and on ' +
            'its own port (the probes and /metrics). Every error has the body ApiErrorBody. ' +
            'Generated from the service (npm run openapi -w contact-service).',
        ),
  );
}

/** The console's API, on the console server's own origin. */
export async function consoleApiDocument(): Promise<OpenAPIObject> {
  const document = await described(ConsoleAppModule.forRoot, { path: CONSOLE_PREFIX }, (builder) =>
    builder
      .setTitle("Operators' console API")
      .setDescription(
        "The operators' console's API, on the console server's own origin. Every answer is " +
          'private (no-store); a signed-in session is a __Host- cookie; every error has the ' +
          'body ApiErrorBody. Generated from the service (npm run openapi -w contact-service).',
      )
      .addCookieAuth(SESSION_COOKIE),
  );
  // What brought a lead: the columns of leads/lead.ts, as the lead screen answers them.
  return describePart(document, 'OpenedLead', 'LeadAttribution', ATTRIBUTION_COLUMNS);
}

/** A document as the repository holds it: stable key order, two-space indent, a newline. */
export const documentText = (document: OpenAPIObject) => `${JSON.stringify(document, null, 2)}\n`;
