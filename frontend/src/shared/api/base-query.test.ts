import { describe, expect, it, jest } from '@jest/globals';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { jsonResponse } from '../../test-utils/render-app';
import { createBaseQuery, defaultQuery } from './base-query';

const baseQuery = createBaseQuery('');
const queryApi = { signal: new AbortController().signal } as BaseQueryApi;

function mockFetch(response: Response) {
  return jest.spyOn(globalThis, 'fetch').mockResolvedValue(response);
}

function lastInit(spy: ReturnType<typeof mockFetch>): RequestInit {
  const init = spy.mock.calls.at(-1)?.[1];
  if (!init) throw new Error('fetch was not called with options');
  return init;
}

describe('base query', () => {
  it('sends a body as JSON with a JSON content type and credentials included', async () => {
    const fetchSpy = mockFetch(jsonResponse({ id: 'x', createdAt: 'now' }, 201));
    const result = await baseQuery(
      { url: '/api/contact', method: 'POST', body: { name: 'Ada' } },
      queryApi,
      {},
    );

    expect(fetchSpy).toHaveBeenCalledWith('/api/contact', expect.anything());
    const init = lastInit(fetchSpy);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"name":"Ada"}');
    expect(result).toEqual({ data: { id: 'x', createdAt: 'now' } });
  });

  it('sends neither a content type nor a body when there is no body', async () => {
    const fetchSpy = mockFetch(jsonResponse({ ok: true }));
    await baseQuery({ url: '/api/things', method: 'DELETE' }, queryApi, {});
    const init = lastInit(fetchSpy);
    expect(init.credentials).toBe('include');
    expect(init.headers).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('sends extra headers beside the content type, and without one when there is no body', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => jsonResponse({ id: 'x', createdAt: 'now' }, 201));
    const key = { 'Idempotency-Key': '3f0c1b7e-8a52-4d0e-9a61-2b1f4c7d9e10' };
    await baseQuery(
      { url: '/api/contact', method: 'POST', body: { name: 'Ada' }, headers: key },
      queryApi,
      {},
    );
    expect(lastInit(fetchSpy)).toMatchObject({
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', ...key },
    });

    await baseQuery({ url: '/api/things', method: 'DELETE', headers: key }, queryApi, {});
    expect(lastInit(fetchSpy).headers).toEqual(key);
    expect(lastInit(fetchSpy).credentials).toBe('include');
  });

  it('turns a non-OK answer into "<status>: <body text>"', async () => {
    const body = { status: 400, error: 'Bad Request', message: 'Please correct the fields.' };
    mockFetch(jsonResponse(body, 400, 'Bad Request'));
    const result = await baseQuery({ url: '/api/contact', method: 'POST', body: {} }, queryApi, {});
    expect(result.error).toEqual({
      status: 400,
      message: `400: ${JSON.stringify(body)}`,
      data: body,
    });
  });

  it('falls back to the status text when the error body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const result = await baseQuery({ url: '/api/contact' }, queryApi, {});
    expect(result.error?.message).toBe('503: Service Unavailable');
  });

  it('reports a network failure as an error', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await baseQuery({ url: '/api/contact' }, queryApi, {});
    expect(result.error).toEqual({
      status: 'FETCH_ERROR',
      message: 'FETCH_ERROR: Failed to fetch',
    });
  });
});

describe('default query', () => {
  it('GETs the query-key parts joined with "/" and reads JSON', async () => {
    const fetchSpy = mockFetch(jsonResponse({ name: 'Ada' }));
    const result = await baseQuery(['/api', 'users', 42], queryApi, {});
    expect(fetchSpy).toHaveBeenCalledWith('/api/users/42', expect.anything());
    expect(lastInit(fetchSpy)).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(result).toEqual({ data: { name: 'Ada' } });
  });

  it('throws on a 401 by default', async () => {
    mockFetch(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    expect(defaultQuery(['/api', 'me'])).toMatchObject({ on401: 'throw' });
    const result = await baseQuery(defaultQuery(['/api', 'me']), queryApi, {});
    expect(result.error).toMatchObject({ status: 401, message: '401: Unauthorized' });
  });

  it('answers null on a 401 in the returnNull variant', async () => {
    mockFetch(new Response('Unauthorized', { status: 401 }));
    const result = await baseQuery(defaultQuery(['/api', 'me'], 'returnNull'), queryApi, {});
    expect(result).toEqual({ data: null });
  });

  it('still fails on other errors in the returnNull variant', async () => {
    mockFetch(new Response('Forbidden', { status: 403 }));
    const result = await baseQuery(defaultQuery(['/api', 'me'], 'returnNull'), queryApi, {});
    expect(result.error?.message).toBe('403: Forbidden');
  });
});
