import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsString, ValidateNested } from 'class-validator';
import {
  BodyValidationPipe,
  jsonTextOf,
  RefusedAs,
  SAYS_ALL,
  UnknownIgnored,
} from './body-validation.pipe.js';
import { InputRefusal } from './refusal.js';

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
    expect(error).toBeInstanceOf(InputRefusal);
    return (error as InputRefusal).body;
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

  it("gives a SAYS_ALL rule's message as the refusal's when its field is the only one refused", async () => {
    class Choice {
      @IsString({ message: 'Give a name.' })
      name!: string;

      @IsIn(['a', 'b'], { message: 'A kind is a or b.', context: SAYS_ALL })
      kind!: string;
    }
    expect(await refusal({ name: 'Ada', kind: 'c' }, Choice)).toEqual({
      status: 400,
      error: 'Bad Request',
      message: 'A kind is a or b.',
      fields: { kind: 'A kind is a or b.' },
    });
    expect(await refusal({ name: 1, kind: 'c' }, Choice)).toMatchObject({
      message: 'Correct the fields.',
      fields: { name: 'Give a name.', kind: 'A kind is a or b.' },
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

describe('BodyValidationPipe on a query string and path parameters', () => {
  /** A query's DTO with a refusal of its own, as the inbox's filter has. */
  @RefusedAs({ unknownField: (name) => `No filter ${name}.` })
  class Query {
    @IsIn(['a', 'b'], { message: 'kind is a or b.' })
    kind!: string;
  }

  /** A path id that names nothing when it is not one: a 404. */
  @RefusedAs({ every: () => 'Nothing has that id.', status: 404 })
  class Path {
    @IsIn(['1', '2'])
    id!: string;
  }

  const refused = async (value: object, type: 'query' | 'param', dto: unknown) => {
    const error = await pipe.transform(value, { type, metatype: dto as never }).catch((e) => e);
    expect(error).toBeInstanceOf(InputRefusal);
    return (error as InputRefusal).body;
  };

  it('reads them as it reads a body, into instances of their DTO', async () => {
    expect(await pipe.transform({ kind: 'a' }, { type: 'query', metatype: Query })).toBeInstanceOf(
      Query,
    );
    expect(await pipe.transform({ id: '2' }, { type: 'param', metatype: Path })).toEqual({
      id: '2',
    });
  });

  it('refuses them in the shape of a body, with the status the DTO gives', async () => {
    const shape = (body: unknown) => Object.keys(body as object).sort();
    expect(shape(await refused({ kind: 'c' }, 'query', Query))).toEqual(
      shape(await refusal({ items: [{ name: 'z' }] }, Nested)),
    );
    expect(await refused({ kind: 'c' }, 'query', Query)).toEqual({
      status: 400,
      error: 'Bad Request',
      message: 'kind is a or b.',
    });
    expect(await refused({ id: '3' }, 'param', Path)).toEqual({
      status: 404,
      error: 'Not Found',
      message: 'Nothing has that id.',
    });
  });

  it("refuses a name of Object.prototype's as any unknown field", async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      expect(await refused({ kind: 'a', [name]: 'x' }, 'query', Query)).toMatchObject({
        message: `No filter ${name}.`,
      });
      expect(await refusal({ name: 'Ada', [name]: 'x' }, Flat)).toMatchObject({
        fields: { [name]: 'Not expected.' },
      });
    }
  });

  it('drops the parameters an UnknownIgnored DTO does not name, and checks those it does', async () => {
    @UnknownIgnored()
    @RefusedAs({ unknownField: (name) => `No filter ${name}.` })
    class Open {
      @IsIn(['a', 'b'], { message: 'kind is a or b.' })
      kind!: string;
    }
    const query = { kind: 'a', scope: 'openid', constructor: 'x', toString: 'y' };
    const read = await pipe.transform(
      Object.assign(JSON.parse('{"__proto__":{"kind":"b"}}') as object, query),
      { type: 'query', metatype: Open },
    );
    expect(read).toBeInstanceOf(Open);
    expect({ ...(read as object) }).toEqual({ kind: 'a' });
    expect(await refused({ kind: 'c', scope: 'openid' }, 'query', Open)).toMatchObject({
      message: 'kind is a or b.',
    });
    // The others still refuse what they do not name.
    expect(await refused({ kind: 'a', scope: 'openid' }, 'query', Query)).toMatchObject({
      message: 'No filter scope.',
    });
  });

  it('leaves a parameter read by name (a string) as it is', async () => {
    expect(await pipe.transform('any text', { type: 'param', metatype: String, data: 'id' })).toBe(
      'any text',
    );
  });
});
