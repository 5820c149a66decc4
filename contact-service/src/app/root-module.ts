import type { DynamicModule, ModuleMetadata, Type } from '@nestjs/common';
import { EnvironmentModule, type EnvironmentService } from '../config/environment.service.js';

/**
 * An application's root module (the public API's and worker's, the console's, the `leads`
 * command's): the settings it was started with, validated already, which every module reads,
 * then the application's own modules.
 */
export function rootModule(
  module: Type,
  environment: EnvironmentService,
  imports: NonNullable<ModuleMetadata['imports']>,
): DynamicModule {
  return { module, imports: [EnvironmentModule.forRoot(environment), ...imports] };
}
