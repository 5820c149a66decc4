import { Global, Module, type DynamicModule } from '@nestjs/common';
import { secretValues, type Env } from './env.js';

/**
 * The one way code reads a setting: the environment, validated once at start (env.schema.ts),
 * as an injectable provider, with the database address this process resolved (DATABASE_URL with
 * its password, or the embedded server's). Nothing reads process.env after the start.
 */
export class EnvironmentService {
  /** Every value a log line must not show (env.ts, secretValues). */
  readonly secrets: readonly string[];

  constructor(
    private readonly env: Env,
    readonly databaseUrl: string,
  ) {
    this.secrets = secretValues(env);
  }

  get<Name extends keyof Env>(name: Name): Env[Name] {
    return this.env[name];
  }
}

/** Makes the EnvironmentService of a start available to every module. */
@Global()
@Module({})
export class EnvironmentModule {
  static forRoot(environment: EnvironmentService): DynamicModule {
    return {
      module: EnvironmentModule,
      providers: [{ provide: EnvironmentService, useValue: environment }],
      exports: [EnvironmentService],
    };
  }
}
