import { jest } from '@jest/globals';
import { render } from '@testing-library/react';
import { ConsoleApp } from '../app/ConsoleApp';
import { createConsoleStore } from '../app/store';

/** A JSON answer, as the console's API sends one. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's answer to a request the test does not play: a 404 in the documented shape. */
export const notFound = () => json({ status: 404, error: 'Not Found', message: 'No.' }, 404);

/** The console's API played in memory for one test: every request the screens send goes to `api`. */
export function answerRequests(api: (url: string, init?: RequestInit) => Response) {
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input, init) => api(String(input), init));
}

/** The whole console at `path`, as the browser shows it after loading it, with a fresh store. */
export function renderConsole(path: string) {
  window.history.replaceState(null, '', path);
  return render(<ConsoleApp store={createConsoleStore()} />);
}
