// The start of the two long-running processes, the API (api.ts) and the worker (worker.ts).
import { Logger } from 'nestjs-pino';
import { closeGracefully, createApp } from '../app/app.factory.js';
import { createConsoleApp } from '../app/console.factory.js';
import type { AppRole } from '../app/app.module.js';
import { EnvironmentService } from '../config/environment.service.js';
import { resolveDatabase } from '../database/resolve-database.js';
import { onStopSignal, readSettings, run } from './start-up.js';

/**
 * Starts the Nest app of the API or of the worker: migrations, the app, its port (the API's
 * routes, or only the probes and /metrics), and a graceful stop that finishes the requests and
 * deliveries in flight, then closes the database pool (and the embedded database, if any).
 */
export function serve(role: AppRole): void {
  run(async () => {
    // The worker runs the background jobs by definition, whatever the API's setting says.
    const env = readSettings(role === 'worker' ? { BACKGROUND_JOBS: 'true' } : {});
    if (role === 'worker' && !env.DATABASE_URL) {
      throw new Error('the worker needs DATABASE_URL: it shares the queue of a Postgres server');
    }
    const database = await resolveDatabase(env);
    const environment = new EnvironmentService(env, database.url);
    const app = await createApp(environment, role);
    const logger = app.get(Logger);
    // The operators' console runs beside the public API, on a port of its own, when it has a key.
    const consoleApp =
      role === 'api' && env.CONSOLE_SECRET_KEY ? await createConsoleApp(environment) : null;
    logger.log(`Database: ${database.description}`);
    onStopSignal(async (signal) => {
      logger.log(`${signal} received: finishing what is in flight, then closing the database pool`);
      await Promise.all([closeGracefully(app), consoleApp && closeGracefully(consoleApp)]);
      await database.stop?.();
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    if (consoleApp) {
      await consoleApp.listen({ port: env.CONSOLE_PORT, host: env.CONSOLE_HOST });
      logger.log(
        `operators' console API on http://${env.CONSOLE_HOST}:${env.CONSOLE_PORT}/api/console`,
      );
    } else if (role === 'api') {
      logger.log("Operators' console: off (set CONSOLE_SECRET_KEY to run it; docs/operating.md)");
    }
    logger.log(
      role === 'api'
        ? `contact-service listening on http://${env.HOST}:${env.PORT}`
        : `background worker running (deliveries, retention); /metrics on http://${env.HOST}:${env.PORT}`,
    );
  });
}
