import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { closeGracefully, createApp } from './app.factory.js';
import { parseEnv, secretValues, type Env } from './config/env.js';
import { describeStartupError } from './database/connection-errors.js';
import { resolveDatabase } from './database/resolve-database.js';

let env: Env | undefined;

async function main(): Promise<void> {
  env = parseEnv(process.env);
  const database = await resolveDatabase(env);
  const app = await createApp(env, database.url);
  const logger = app.get(Logger);
  logger.log(`Database: ${database.description}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: finishing in-flight requests, then closing the database pool`);
    await closeGracefully(app);
    await database.stop?.();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  logger.log(`contact-service listening on http://${env.HOST}:${env.PORT}`);
}

main().catch((error: unknown) => {
  console.error(describeStartupError(error, env ? secretValues(env) : []));
  process.exit(1);
});
