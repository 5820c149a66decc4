import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { consoleApiDocument, documentText } from './console-api-document.js';

const committed = () =>
  readFileSync(new URL('../../../contract/console-api.json', import.meta.url), 'utf8');

describe("the console's API document", () => {
  it('is the one the service describes (make openapi writes it, and the console is made from it)', async () => {
    expect(committed()).toBe(documentText(await consoleApiDocument()));
  });

  it('names every operation and answers every one with a described body or none', async () => {
    const document = await consoleApiDocument();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [verb, operation] of Object.entries(item)) {
        const op = operation as { operationId?: string; responses?: object };
        expect({ path, verb, operationId: op.operationId }).toEqual({
          path,
          verb,
          operationId: expect.stringMatching(/^[a-z][A-Za-z]+$/),
        });
        expect(Object.keys(op.responses ?? {})).not.toEqual(['default']);
      }
    }
  });
});
