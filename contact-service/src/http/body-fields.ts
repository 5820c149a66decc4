import { applyDecorators } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsISO8601,
  IsObject,
  Matches,
  IsString,
  MaxLength,
  NotContains,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** Optional means absent: an explicit null is refused like any other value of the wrong type. */
export const Absent = () => ValidateIf((_object, value) => value !== undefined);

/**
 * A text field of a console body, documented and checked at once: a string of at most `max`
 * code units, without NUL (Postgres text cannot hold one, and no keyboard types one).
 */
export function TextField(
  max: number,
  options: { optional?: boolean; schema?: ApiPropertyOptions } = {},
) {
  return applyDecorators(
    ApiProperty({
      type: String,
      maxLength: max,
      required: !options.optional,
      ...options.schema,
    } as ApiPropertyOptions),
    options.optional ? Absent() : IsDefined({ message: 'This field is required.' }),
    IsString({ message: 'This field must be text.' }),
    MaxLength(max, { message: `This field is longer than ${max} characters.` }),
    NotContains('\u0000', { message: 'This field holds a NUL character.' }),
  );
}

/**
 * An optional field that holds a list of at most `max` objects, each checked by the DTO `item`
 * (and, like a body, refused for a field it does not name).
 */
export function ObjectListField(item: new () => object, max: number) {
  return applyDecorators(
    ApiProperty({ type: [item], required: false, maxItems: max }),
    Absent(),
    IsArray(),
    ArrayMaxSize(max),
    IsObject({ each: true }),
    ValidateNested({ each: true }),
    Type(() => item),
  );
}

/** An optional calendar date, YYYY-MM-DD, that is a real day (2026-02-30 is refused). */
export function CalendarDate() {
  const message = 'Give the date as YYYY-MM-DD, a day that exists (2026-12-04).';
  return applyDecorators(
    Absent(),
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message }),
    IsISO8601({ strict: true }, { message }),
  );
}
