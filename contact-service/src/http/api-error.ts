import { STATUS_CODES } from 'node:http';
import { ApiProperty } from '@nestjs/swagger';

/**
 * The one shape of every 4xx and 5xx answer, from this service and from the nginx in front of it
 * (contract/README.md documents it).
 */
export class ApiErrorBody {
  @ApiProperty({ type: 'integer', example: 400 }) status!: number;
  @ApiProperty({ example: 'Bad Request' }) error!: string;
  /** What a person can do about it. */
  @ApiProperty() message!: string;
  /** A message per field of the body that was refused. */
  @ApiProperty({ required: false, type: Object, additionalProperties: { type: 'string' } })
  fields?: Record<string, string>;
}

/**
 * The message of each status, for the service and for the nginx in front of it: nginx answers
 * 413, 429, 502-504 and the hidden probes itself, with copies of these bodies in
 * infra/nginx/snippets/ that nginx-error-bodies.spec.ts holds equal to apiError(status).
 */
const MESSAGES: Record<number, string> = {
  400: 'The request could not be read. Send a JSON object with name, email, company, role and an optional message.',
  404: 'There is nothing at this address. Check the link, or start again from the home page.',
  405: 'This address does not accept that kind of request.',
  413: 'The request is too large. Shorten the message and send it again.',
  415: 'Send the form as JSON with the header Content-Type: application/json.',
  429: 'Too many requests came from your network. Please wait a few minutes and try again.',
  500: 'Something went wrong on our side. Please try again in a moment.',
  503: 'The service is briefly unavailable. Please try again in a minute.',
  /** Only nginx says this: the service took longer than proxy_read_timeout. */
  504: 'The service took too long to answer. Please try again in a minute.',
};

export function apiError(
  status: number,
  message?: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return {
    status,
    error: STATUS_CODES[status] ?? 'Error',
    message: message ?? MESSAGES[status] ?? (status >= 500 ? MESSAGES[500]! : MESSAGES[400]!),
    ...(fields ? { fields } : {}),
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).status === 'number' &&
    typeof (value as ApiErrorBody).error === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}
