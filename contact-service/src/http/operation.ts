import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
} from '@nestjs/swagger';
import { ApiErrorBody } from './api-error.js';

/**
 * A route as the OpenAPI documents describe it (contract/console-api.json, contact-api.json): its
 * name, which the console's generated hook takes (`setStatus` → `useSetStatusMutation`), and its
 * answer: `type` (a class, [class] for a list) with 200, or 201 for what it creates; no type, 204.
 */
export function Operation(operationId: string, type?: Type | [Type], status?: 201) {
  if (!type)
    return applyDecorators(HttpCode(204), ApiOperation({ operationId }), ApiNoContentResponse());
  return status === 201
    ? applyDecorators(HttpCode(201), ApiOperation({ operationId }), ApiCreatedResponse({ type }))
    : applyDecorators(HttpCode(200), ApiOperation({ operationId }), ApiOkResponse({ type }));
}

/** The refusals a route answers, each with the one error body and when it comes. */
export function Refusals(refusals: Record<number, string>) {
  return applyDecorators(
    ...Object.entries(refusals).map(([status, description]) =>
      ApiResponse({ status: Number(status), description, type: ApiErrorBody }),
    ),
  );
}
