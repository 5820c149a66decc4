import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CONSOLE_HEADERS, consolePagesMiddleware } from './console-pages.ts';

/** What the middleware does with one request: the headers it set, a redirect, or the new URL. */
function visit(url: string) {
  const headers: Record<string, string> = {};
  let location: string | undefined;
  const req = { url } as IncomingMessage;
  const res = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    writeHead: (_status: number, extra: Record<string, string>) => {
      location = extra.Location;
      return { end: () => undefined };
    },
  } as unknown as ServerResponse;
  let passedOn = false;
  consolePagesMiddleware()(req, res, () => (passedOn = true));
  return { headers, location, passedOn, url: req.url };
}

describe('the console preview', () => {
  it('sends exactly the headers the console server of nginx sends', () => {
    const conf = readFileSync(
      join(import.meta.dirname, '../../infra/nginx/snippets/console-headers.conf'),
      'utf8',
    );
    const nginx = Object.fromEntries(
      [...conf.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map(([, name, value]) => [
        name,
        value,
      ]),
    );
    expect(nginx).toEqual(CONSOLE_HEADERS);
    expect(visit('/console/account').headers).toEqual(CONSOLE_HEADERS);
  });

  it('answers every screen with the one page and leaves assets and the API alone', () => {
    expect(visit('/console/enrol').url).toBe('/console/index.html');
    expect(visit('/console/account?x=1').url).toBe('/console/index.html');
    expect(visit('/console/assets/index-abc.js').url).toBe('/console/assets/index-abc.js');
    expect(visit('/api/console/me').url).toBe('/api/console/me');
    expect(visit('/').location).toBe('/console/');
  });
});
