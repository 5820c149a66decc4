import { BadRequestException, type PipeTransform, type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { apiError } from './api-error.js';

/** Constraint names in the order their message should win when a field breaks several. */
const PRIORITY = ['isDefined', 'isString', 'isNotEmpty', 'maxLength'];

function firstMessage(error: ValidationError, unknownFieldMessage: string): string {
  const constraints = error.constraints ?? {};
  if (constraints.whitelistValidation) return unknownFieldMessage;
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
 * Validates a JSON body against a class-validator DTO: the body must be a JSON object, fields are
 * trimmed and checked by the DTO's decorators, unknown fields are refused. Every failure becomes
 * a 400 in the documented shape with one message per field; a field the DTO does not know gets
 * `unknownFieldMessage`, which the caller takes from its contract.
 */
export class ValidateBodyPipe<T extends object> implements PipeTransform<unknown, Promise<T>> {
  constructor(
    private readonly dto: Type<T>,
    private readonly unknownFieldMessage: string,
  ) {}

  async transform(body: unknown): Promise<T> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BadRequestException(
        apiError(400, 'The request body must be a JSON object with name, email, company and role.'),
      );
    }
    const instance = plainToInstance(this.dto, flat(body as Record<string, unknown>));
    const errors = await validate(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
    });
    if (errors.length > 0) {
      const fields = Object.fromEntries(
        errors.map((error) => [error.property, firstMessage(error, this.unknownFieldMessage)]),
      );
      throw new BadRequestException(
        apiError(400, 'Please correct the highlighted fields and send the form again.', fields),
      );
    }
    return instance;
  }
}
