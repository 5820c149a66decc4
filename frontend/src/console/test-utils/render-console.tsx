import { jest } from '@jest/globals';
import { render, screen, type ByRoleMatcher } from '@testing-library/react';
import { ConsoleApp } from '../app/ConsoleApp';
import { createConsoleStore } from '../app/store';

/** A JSON answer, as the console's API sends one. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's answer to a request the test does not play: a 404 in the documented shape. */
export const notFound = () => json({ status: 404, error: 'Not Found', message: 'No.' }, 404);

/** A request as a test reads it: "GET /api/console/me", and with `bodies` its body if any. */
const requestLine = (url: string, init: RequestInit | undefined, bodies: boolean) =>
  `${init?.method ?? 'GET'} ${url}${bodies && init?.body ? ` ${String(init.body)}` : ''}`;

/**
 * The console's API played in memory for one test: every request the screens send goes to `api`,
 * and is recorded, in the order sent, in the list this answers ("PUT /api/console/…", with its
 * body after it when `bodies`).
 */
export function answerRequests(
  api: (url: string, init?: RequestInit) => Response,
  { bodies = false } = {},
): string[] {
  const sent: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    sent.push(requestLine(String(input), init, bodies));
    return api(String(input), init);
  });
  return sent;
}

/** The whole console at `path`, as the browser shows it after loading it, with a fresh store. */
export function renderConsole(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ConsoleApp store={createConsoleStore()} />);
}

/** The whole console at `path`, once it shows the `role` named `name` (a region, a table): that. */
export async function openConsoleAt(path: string, role: ByRoleMatcher, name: string | RegExp) {
  renderConsole(path);
  return screen.findByRole(role, { name });
}
