import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsString, ValidateNested } from 'class-validator';
import { BodyValidationPipe, jsonTextOf, RefusedAs } from './body-validation.pipe.js';

class Flat {
  @IsString({ message: 'Give a name.' })
  name!: string;
}

class Item {
  @IsIn(['a', 'b'])
  name!: string;
}

/** A list of objects in a field, as the beacon's body has, with a refusal of its own. */
@RefusedAs({ every: (where) => `Not taken: ${where}.` })
class Nested {
  @IsArray()
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => Item)
  items!: Item[];
}

const pipe = new BodyValidationPipe({
  notObject: 'Send an object.',
  correct: 'Correct the fields.',
  unknownField: 'Not expected.',
});
const refusal = async (body: unknown, dto: unknown): Promise<unknown> => {
  try {
    await pipe.transform(body, { type: 'body', metatype: dto as never });
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  }
  throw new Error('the body was accepted');
};
const deep = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;

describe('BodyValidationPipe', () => {
  it("words a flat DTO's refusal with its app's wording, one message per field", async () => {
    expect(await refusal({ name: 1, extra: true }, Flat)).toMatchObject({
      message: 'Correct the fields.',
      fields: { name: 'Give a name.', extra: 'Not expected.' },
    });
  });

  it('answers a field nested thousands deep as any array, without overflowing', async () => {
    expect(await refusal({ name: deep(5000) }, Flat)).toMatchObject({
      fields: { name: 'Give a name.' },
    });
  });

  it('words a DTO with its own refusal by the path of the first value refused', async () => {
    const answer = (await refusal({ items: [{ name: 'a' }, { name: 'z' }] }, Nested)) as {
      message: string;
      fields?: unknown;
    };
    expect(answer).toEqual({
      status: 400,
      error: 'Bad Request',
      message: 'Not taken: items.1.name.',
    });
  });

  it('refuses a list of a nested DTO nested thousands deep', async () => {
    expect(await refusal({ items: deep(5000) }, Nested)).toMatchObject({
      message: 'Not taken: items.',
    });
    expect(await refusal({ items: [{ name: 'a', extra: 1 }] }, Nested)).toMatchObject({
      message: 'Not taken: items.0.extra.',
    });
  });

  it('hands on a valid nested body as instances of its DTO', async () => {
    const body = await pipe.transform(
      { items: [{ name: 'b' }] },
      { type: 'body', metatype: Nested },
    );
    expect(body).toBeInstanceOf(Nested);
    expect((body as Nested).items[0]).toBeInstanceOf(Item);
    expect(body).toEqual({ items: [{ name: 'b' }] });
  });
});

describe('jsonTextOf', () => {
  it('reads a JSON text by its DTO, keeping what the DTO does not name', () => {
    const read = jsonTextOf(Nested, '{"items":[{"name":"a"}],"extra":{"kept":true}}');
    expect(read).toBeInstanceOf(Nested);
    expect(read).toMatchObject({ items: [{ name: 'a' }], extra: { kept: true } });
  });

  it('answers null for text that is not JSON, not an object, or refused by the DTO', () => {
    for (const text of ['{', '[]', '"a"', 'null', '{"items":[{"name":"z"}]}']) {
      expect(jsonTextOf(Nested, text)).toBeNull();
    }
  });

  it('reads a value nested a hundred thousand deep without overflowing', () => {
    const depth = 100_000;
    const text = `{"items":[{"name":"a"}],"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(jsonTextOf(Nested, text)).toMatchObject({ items: [{ name: 'a' }], x: [[[]]] });
  });
});
