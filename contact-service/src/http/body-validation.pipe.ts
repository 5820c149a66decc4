import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidatorOptions } from 'class-validator';
import { InputRefusal, type RefusalStatus } from './refusal.js';

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

/** The rule of a field whose message wins (an unknown field's: whitelistValidation). */
function firstRule(error: ValidationError): string | undefined {
  const constraints = error.constraints ?? {};
  if (constraints.whitelistValidation) return 'whitelistValidation';
  return PRIORITY.find((name) => name in constraints) ?? Object.keys(constraints)[0];
}

function firstMessage(error: ValidationError, unknownField: string): string {
  const rule = firstRule(error);
  if (rule === 'whitelistValidation') return unknownField;
  return (rule && error.constraints?.[rule]) || 'This value is not valid.';
}

/**
 * The context of a rule whose message says on its own what is wrong with the input, when its
 * field is the only one refused: the refusal's message is then the rule's rather than the app's
 * "correct the highlighted fields" (a role's `A role is member or admin.`), the fields given as
 * ever. `IsIn(ROLES, { message, context: SAYS_ALL })`.
 */
export const SAYS_ALL = { saysAll: true } as const;

const saysAll = (error: ValidationError): boolean => {
  const rule = firstRule(error);
  return rule !== undefined && error.contexts?.[rule]?.saysAll === true;
};

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
 * sentence for the whole input. Either `every` refusal from the path of the first value refused
 * (`vitals.0.name`, or `the body`), or `notObject` and `unknownField` (by default the app's) and
 * otherwise the message of the first rule broken, as the DTO's decorators give it. `status`: 400
 * unless the DTO says otherwise (a path id that names nothing is a 404).
 */
export type OwnRefusal = (
  | { every: (where: string) => string }
  | { notObject?: string; unknownField?: (name: string) => string }
) & { status?: RefusalStatus };

/** Gives a DTO its own refusal in one sentence (OwnRefusal). */
export function RefusedAs(refusal: OwnRefusal): ClassDecorator {
  return (target) => Reflect.defineMetadata(REFUSED_AS, refusal, target);
}

const ownRefusal = (dto: unknown): OwnRefusal | undefined =>
  dto ? (Reflect.getMetadata(REFUSED_AS, dto) as OwnRefusal | undefined) : undefined;

const UNKNOWN_IGNORED = Symbol('unknown ignored');

/**
 * An input whose standard says to ignore what it does not define: the provider's return to the
 * single sign-on callback (OAuth 2.0, RFC 6749 4.1.2: the client MUST ignore unrecognized
 * response parameters; Google adds scope and authuser, Keycloak session_state), and the
 * provider's back-channel logout form. The fields its
 * DTO does not name are dropped, not refused; those it names are checked as any.
 */
export function UnknownIgnored(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(UNKNOWN_IGNORED, true, target);
    OPEN_INPUTS.add(target.name);
  };
}

/** The DTO classes' names that UnknownIgnored marks: their schemas stay open in the API documents. */
export const OPEN_INPUTS = new Set<string>();

const ignoresUnknown = (dto: unknown): boolean =>
  typeof dto === 'function' && Reflect.getMetadata(UNKNOWN_IGNORED, dto) === true;

/** The first value refused in a tree of class-validator's errors, and its path. */
function firstRefused(error: ValidationError, path = error.property): [ValidationError, string] {
  const child = error.children?.[0];
  return child ? firstRefused(child, `${path}.${child.property}`) : [error, path];
}

/** The pipe's own refusal, carrying class-validator's errors until the DTO's wording is known. */
class InputRefused extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('input refused');
  }
}

/** The inputs the pipe reads: a body, a query string, the path's parameters. */
const INPUTS: readonly ArgumentMetadata['type'][] = ['body', 'query', 'param'];

/**
 * The one way a request's input is read, in both apps: a body, a query string (`@Query() query:
 * Dto`) and path parameters (`@Param() params: Dto`) alike. Nest's ValidationPipe over the
 * route's class-validator DTO (its decorators say each field's rule and message;
 * class-transformer's `@Transform` reads text as the type it stands for). The input must be an
 * object; unknown fields are refused (dropped, for an UnknownIgnored DTO); every failure is an
 * InputRefusal (refusal.ts), answered by the global filter in the documented shape with one
 * message per field (and a SAYS_ALL rule's as the message), or the DTO's own sentence
 * (RefusedAs). An input that is not a DTO class (`unknown`, `@Param('id') id: string`) is not
 * touched.
 */
export class BodyValidationPipe extends ValidationPipe {
  constructor(private readonly wording: BodyWording) {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new InputRefused(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!INPUTS.includes(metadata.type) || !this.toValidate(metadata)) return value;
    const own = ownRefusal(metadata.metatype);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      const message = !own
        ? this.wording.notObject
        : 'every' in own
          ? own.every('the body')
          : (own.notObject ?? this.wording.notObject);
      throw new InputRefusal(message, undefined, own?.status);
    }
    // A name of Object.prototype's (constructor, toString…) is one class-transformer passes over,
    // so the whitelist would never see it: it is refused here as any other unknown field.
    const hidden = Object.keys(value).find((key) => key in Object.prototype);
    if (hidden !== undefined && !ignoresUnknown(metadata.metatype)) {
      const constraints = { whitelistValidation: `property ${hidden} should not exist` };
      throw this.refusal([{ property: hidden, constraints, children: [] }], own);
    }
    try {
      return await super.transform(bounded(value), metadata);
    } catch (error) {
      if (!(error instanceof InputRefused)) throw error;
      throw this.refusal(error.errors, own);
    }
  }

  /** Nest's validation, the unknown fields of an UnknownIgnored DTO dropped (whitelist). */
  protected override validate(object: object, options?: ValidatorOptions) {
    const open = ignoresUnknown(object.constructor);
    return super.validate(object, open ? { ...options, forbidNonWhitelisted: false } : options);
  }

  private refusal(errors: ValidationError[], own: OwnRefusal | undefined): InputRefusal {
    const { correct, unknownField } = this.wording;
    if (!own) {
      const fields = errors.map((error) => [error.property, firstMessage(error, unknownField)]);
      const alone = errors.length === 1 && saysAll(errors[0]!);
      return new InputRefusal(alone ? fields[0]![1]! : correct, Object.fromEntries(fields));
    }
    const [error, where] = firstRefused(errors[0]!);
    const message =
      'every' in own
        ? own.every(where)
        : error.constraints?.whitelistValidation && own.unknownField
          ? own.unknownField(where)
          : firstMessage(error, unknownField);
    return new InputRefusal(message, undefined, own.status);
  }
}
