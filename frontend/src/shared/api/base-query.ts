import type { BaseQueryFn } from '@reduxjs/toolkit/query';

/** What to do with a 401: fail like any other status, or answer `null` (e.g. "not signed in"). */
export type On401Behavior = 'throw' | 'returnNull';

/** A default read: the parts are joined with "/" into the URL of a GET that answers JSON. */
export type QueryKey = readonly (string | number)[];

export interface RequestArgs {
  url: string;
  method?: string;
  body?: unknown;
  /** Sent as they are, beside the JSON content type that a body brings. */
  headers?: Record<string, string>;
  /** The query string's parameters; one that is undefined is left out. */
  params?: Record<string, string | number | boolean | undefined>;
  on401?: On401Behavior;
}

export interface ApiError {
  /** The HTTP status, or 'FETCH_ERROR' when no answer arrived at all. */
  status: number | 'FETCH_ERROR';
  /** `<status>: <body text or status text>` (frontend/README.md, "Fixed wording and constants") */
  message: string;
  /** The parsed JSON error body, when the service sent one. */
  data?: unknown;
}

export function defaultQuery(queryKey: QueryKey, on401: On401Behavior = 'throw'): RequestArgs {
  return { url: queryKey.join('/'), method: 'GET', on401 };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createBaseQuery(
  baseUrl: string,
): BaseQueryFn<RequestArgs | QueryKey, unknown, ApiError> {
  return async (args, { signal }) => {
    const request: RequestArgs = isQueryKey(args) ? defaultQuery(args) : args;
    const { method = 'GET', body, on401 = 'throw' } = request;
    const url = withParams(request.url, request.params);
    const hasBody = body !== undefined;
    // A JSON content type only with a body, as the product fixes it (frontend/README.md); a
    // request with neither sends no headers.
    const headers = {
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...request.headers,
    };

    let response: Response;
    try {
      response = await fetch(`${baseUrl}${url}`, {
        method,
        credentials: 'include',
        signal,
        headers: Object.keys(headers).length > 0 ? headers : undefined,
        body: hasBody ? JSON.stringify(body) : undefined,
      });
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      return { error: { status: 'FETCH_ERROR', message: `FETCH_ERROR: ${reason}` } };
    }

    if (on401 === 'returnNull' && response.status === 401) {
      return { data: null };
    }

    const text = await response.text();
    if (!response.ok) {
      return {
        error: {
          status: response.status,
          message: `${response.status}: ${text || response.statusText}`,
          data: parseJson(text),
        },
      };
    }
    return { data: text ? JSON.parse(text) : null };
  };
}

function withParams(url: string, params: RequestArgs['params']): string {
  const defined = Object.entries(params ?? {}).filter(([, value]) => value !== undefined);
  if (defined.length === 0) return url;
  return `${url}?${new URLSearchParams(defined.map(([name, value]) => [name, String(value)]))}`;
}

function isQueryKey(args: RequestArgs | QueryKey): args is QueryKey {
  return Array.isArray(args);
}
