import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { apiError } from './api-error.js';

/** What an app tells a body its DTO refuses: each app (public, console) words it for its users. */
export interface BodyWording {
  /** The body is not a JSON object at all. */
  notObject: string;
  /** The message beside the fields' own. */
  correct: string;
  /** A field the DTO does not know. */
  unknownField: string;
}

/** Constraint names in the order their message should win when a field breaks several. */
const PRIORITY = ['isDefined', 'isString', 'isNotEmpty', 'maxLength'];

function firstMessage(error: ValidationError, unknownField: string): string {
  const constraints = error.constraints ?? {};
  if (constraints.whitelistValidation) return unknownField;
  const key = PRIORITY.find((name) => name in constraints) ?? Object.keys(constraints)[0];
  return (key && constraints[key]) || 'This value is not valid.';
}

/**
 * The API's bodies are flat: a field that holds an array or an object is refused by its DTO
 * whatever is inside. class-transformer would still walk inside it first, recursively, and a body
 * of a few kilobytes nested thousands deep overflowed the stack (a 500). Each such value becomes
 * an empty one of its kind, so the field gets the answer any array or object gets.
 */
function flat(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      Array.isArray(value) ? [] : typeof value === 'object' && value !== null ? {} : value,
    ]),
  );
}

/**
 * The one way a request body is validated, in both apps: Nest's ValidationPipe over the route's
 * class-validator DTO (its decorators say each field's rule and message). The body must be a JSON
 * object; unknown fields are refused; every failure is a 400 in the documented shape with one
 * message per field. A route whose body is not a DTO class (`unknown`) is not touched.
 */
export class BodyValidationPipe extends ValidationPipe {
  constructor(private readonly wording: BodyWording) {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) =>
        new BadRequestException(
          apiError(
            400,
            wording.correct,
            Object.fromEntries(
              errors.map((error) => [error.property, firstMessage(error, wording.unknownField)]),
            ),
          ),
        ),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body' || !this.toValidate(metadata)) return value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new BadRequestException(apiError(400, this.wording.notObject));
    }
    return super.transform(flat(value as Record<string, unknown>), metadata);
  }
}
