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

/** How deep a body's values may nest: a list of objects in a field (the beacon's) is the deepest. */
const DEPTH = 3;

/**
 * A value no DTO reads as it is: nested deeper than DEPTH, its arrays and objects are emptied, so
 * a field that must not hold them gets the answer any array or object gets. class-transformer
 * walks inside a value recursively before class-validator looks at it, and a body of a few
 * kilobytes nested thousands deep overflowed the stack (a 500).
 */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return depth >= DEPTH ? [] : value.map((v) => bounded(v, depth + 1));
  if (depth >= DEPTH) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bounded(v, depth + 1)]));
}

const REFUSED_AS = Symbol('refused as');

/**
 * A DTO whose refusal is worded apart from its app's other bodies: one message, made from the
 * path of the first value refused (`vitals.0.name`, or `the body`), instead of one per field.
 */
export function RefusedAs(message: (where: string) => string): ClassDecorator {
  return (target) => Reflect.defineMetadata(REFUSED_AS, message, target);
}

/** The path of the first value refused in a tree of class-validator's errors. */
function firstPath(error: ValidationError | undefined): string {
  if (!error) return 'the body';
  const child = error.children?.[0];
  return child ? `${error.property}.${firstPath(child)}` : error.property;
}

/** The pipe's own refusal, carrying class-validator's errors until the DTO's wording is known. */
class BodyRefused extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('body refused');
  }
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
      exceptionFactory: (errors) => new BodyRefused(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body' || !this.toValidate(metadata)) return value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new BadRequestException(apiError(400, this.wording.notObject));
    }
    try {
      return await super.transform(bounded(value), metadata);
    } catch (error) {
      if (!(error instanceof BodyRefused)) throw error;
      throw new BadRequestException(this.refusal(error.errors, metadata.metatype));
    }
  }

  private refusal(errors: ValidationError[], dto: unknown) {
    const own = dto && Reflect.getMetadata(REFUSED_AS, dto);
    if (own) return apiError(400, (own as (where: string) => string)(firstPath(errors[0])));
    const { correct, unknownField } = this.wording;
    const fields = errors.map((error) => [error.property, firstMessage(error, unknownField)]);
    return apiError(400, correct, Object.fromEntries(fields));
  }
}
