import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
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

/**
 * A JSON text inside a field (a passkey's answer), read as `dto` reads it: its decorators check
 * the parts the product relies on; other properties are kept as sent, for the library that reads
 * them. Null when the text is not JSON or the rules refuse it. Depth is bounded as for bodies.
 */
export function jsonTextOf<T extends object>(dto: new () => T, text: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const instance = plainToInstance(dto, bounded(value));
  return validateSync(instance, { forbidUnknownValues: true }).length === 0 ? instance : null;
}

const REFUSED_AS = Symbol('refused as');

/**
 * How a DTO words its refusal when its app's wording (one message per field) does not fit: one
 * sentence for the whole body. Either `every` refusal from the path of the first value refused
 * (`vitals.0.name`, or `the body`), or `notObject`, `unknownField` and otherwise the message of
 * the first rule broken, as the DTO's decorators give it.
 */
export type OwnRefusal =
  | { every: (where: string) => string }
  | { notObject: string; unknownField: (name: string) => string };

/** Gives a DTO its own refusal in one sentence (OwnRefusal). */
export function RefusedAs(refusal: OwnRefusal): ClassDecorator {
  return (target) => Reflect.defineMetadata(REFUSED_AS, refusal, target);
}

const ownRefusal = (dto: unknown): OwnRefusal | undefined =>
  dto ? (Reflect.getMetadata(REFUSED_AS, dto) as OwnRefusal | undefined) : undefined;

/** The first value refused in a tree of class-validator's errors, and its path. */
function firstRefused(error: ValidationError, path = error.property): [ValidationError, string] {
  const child = error.children?.[0];
  return child ? firstRefused(child, `${path}.${child.property}`) : [error, path];
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
      const own = ownRefusal(metadata.metatype);
      const message = !own
        ? this.wording.notObject
        : 'every' in own
          ? own.every('the body')
          : own.notObject;
      throw new BadRequestException(apiError(400, message));
    }
    try {
      return await super.transform(bounded(value), metadata);
    } catch (error) {
      if (!(error instanceof BodyRefused)) throw error;
      throw new BadRequestException(this.refusal(error.errors, metadata.metatype));
    }
  }

  private refusal(errors: ValidationError[], dto: unknown) {
    const own = ownRefusal(dto);
    const { correct, unknownField } = this.wording;
    if (!own) {
      const fields = errors.map((error) => [error.property, firstMessage(error, unknownField)]);
      return apiError(400, correct, Object.fromEntries(fields));
    }
    const [error, where] = firstRefused(errors[0]!);
    if ('every' in own) return apiError(400, own.every(where));
    if (error.constraints?.whitelistValidation) return apiError(400, own.unknownField(where));
    return apiError(400, firstMessage(error, unknownField));
  }
}
