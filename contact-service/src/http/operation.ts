import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';

/**
 * A console route as the OpenAPI document describes it (contract/console-api.json): its name,
 * which the generated client's hook takes (`setStatus` → `useSetStatusMutation`), and its answer:
 * `type` (a class, [class] for a list) with 200, or 201 for what it creates; no type, 204.
 */
export function Operation(operationId: string, type?: Type | [Type], status?: 201) {
  if (!type)
    return applyDecorators(HttpCode(204), ApiOperation({ operationId }), ApiNoContentResponse());
  return status === 201
    ? applyDecorators(HttpCode(201), ApiOperation({ operationId }), ApiCreatedResponse({ type }))
    : applyDecorators(HttpCode(200), ApiOperation({ operationId }), ApiOkResponse({ type }));
}
