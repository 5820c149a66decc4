// The delivery worker on its own: `node dist/src/worker.js`, with the service's environment. It
// delivers notifications and serves nothing but /metrics and the probes on PORT, so it can be
// scaled apart from the API (run the API with NOTIFY_WORKER=false then). Both share the queue.
import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { closeGracefully, createApp } from './app.factory.js';
import { parseEnv, secretValues, type Env } from './config/env.js';
import { describeStartupError } from './database/connection-errors.js';
import { resolveDatabase } from './database/resolve-database.js';

let env: Env | undefined;

async function worker(): Promise<void> {
  env = parseEnv({ ...process.env, NOTIFY_WORKER: 'true' });
  if (!env.DATABASE_URL) {
    throw new Error('the worker needs DATABASE_URL: it shares the queue of a Postgres server');
  }
  const database = await resolveDatabase(env);
  const app = await createApp(env, database.url, { serveApi: false });
  const logger = app.get(Logger);
  const stop = async (signal: string) => {
    logger.log(`${signal} received: finishing the deliveries in flight`);
    await closeGracefully(app);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: env.PORT, host: env.HOST });
  logger.log(`notification worker running; /metrics on http://${env.HOST}:${env.PORT}`);
}

worker().catch((error: unknown) => {
  console.error(describeStartupError(error, env ? secretValues(env) : []));
  process.exit(1);
});
