import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsString,
  MaxLength,
  NotContains,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import { Absent } from './body-fields.js';

/**
 * The fields of a query string's DTO, checked by the validation pipe as a body's are
 * (body-validation.pipe.ts). Every value arrives as text: it is trimmed, and an empty one is no
 * value (a form's empty field filters nothing). A parameter given twice arrives as a list, and
 * every rule of its field then says so.
 */

/** A rule's message: `text`, or "Give … once" for a parameter given more than once. */
export const queryMessage =
  (text: string | ((args: ValidationArguments) => string)) => (args: ValidationArguments) =>
    Array.isArray(args.value)
      ? `Give ${args.property} once, as text.`
      : typeof text === 'string'
        ? text
        : text(args);

/** What a rule of a query parameter says when it is broken. */
export type Message = Parameters<typeof queryMessage>[0];

/** The text of a parameter, trimmed; empty is none. `read` turns the text into its type. */
const Read = (read: (text: string) => unknown = (text) => text) =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (value.trim() === '' ? undefined : read(value.trim())) : value,
  );

/**
 * An optional parameter: one of `values` (once `read`: a value that means none may read as
 * undefined), else refused with `message`.
 */
export function OneOf(
  values: readonly string[],
  message: Message,
  read?: (text: string) => unknown,
) {
  return applyDecorators(Read(read), Absent(), IsIn(values, { message: queryMessage(message) }));
}

/** An optional parameter true or false, read as a boolean. */
export function Flag() {
  const read = (text: string) => (text === 'true' ? true : text === 'false' ? false : text);
  return applyDecorators(
    Read(read),
    Absent(),
    IsBoolean({ message: queryMessage(({ property }) => `${property} is true or false.`) }),
  );
}

/**
 * An optional text of at most `max` characters, without NUL (Postgres text cannot hold one);
 * `messages` words each refusal.
 */
export function QueryText(max: number, messages: { tooLong: Message; nul: Message }) {
  return applyDecorators(
    Read(),
    Absent(),
    IsString({ message: queryMessage(({ property }) => `${property} is text.`) }),
    MaxLength(max, { message: queryMessage(messages.tooLong) }),
    NotContains('\u0000', { message: queryMessage(messages.nul) }),
  );
}

/** A rule of a parameter's text: `test` passes, else the parameter is refused with `message`. */
export const Rule = (name: string, test: (text: string) => boolean, message: Message) =>
  ValidateBy({
    name,
    validator: {
      validate: (value) => typeof value === 'string' && test(value),
      defaultMessage: queryMessage(message),
    },
  });

/** An optional parameter whose text passes `test`, else refused with `message`. */
export function QueryMatching(name: string, test: (text: string) => boolean, message: Message) {
  return applyDecorators(Read(), Absent(), Rule(name, test, message));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the calendar, YYYY-MM-DD, from year 1 (Postgres has no year 0) to 9999. */
export const isDay = (value: string) => {
  const at = Date.parse(`${value}T00:00:00Z`);
  return (
    DAY.test(value) &&
    !value.startsWith('0000') &&
    !isNaN(at) &&
    new Date(at).toISOString().startsWith(value)
  );
};

/** An optional day (YYYY-MM-DD), refused with "<name> is a date such as 2026-11-24<suffix>." */
export const Day = (suffix = '') =>
  QueryMatching(
    'isDay',
    isDay,
    ({ property }) => `${property} is a date such as 2026-11-24${suffix}.`,
  );

/** The end of a range of days: refused when the day in `from` comes after it. */
export const NotBefore = (from: string) =>
  ValidateBy({
    name: 'notBefore',
    constraints: [from],
    validator: {
      validate: (value, args) => {
        const start = (args?.object as Record<string, unknown>)[from];
        return typeof start !== 'string' || typeof value !== 'string' || start <= value;
      },
      defaultMessage: (args) => `${from} is after ${args?.property}: the date range is empty.`,
    },
  });

/** The values a validated query holds: a parameter that was empty is left out. */
export const valuesOf = <T extends object>(query: T): T =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as T;
