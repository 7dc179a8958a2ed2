import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SERVICE_BASE_PATH } from '@webpay/contracts/api';
import type { ErrorObject } from '@webpay/contracts/errors';
import { ApiError, createApiClient, parseRetryAfter, unwrap } from './api-client.ts';

const okSchema = z.object({ ok: z.boolean() });

const UNEXPECTED = {
  title: 'An unexpected error occurred',
  status: 500,
  code: 'ERR1001',
  details: ['An error occurred while processing your request. Please try again later.'],
  requestId: '',
  correlationId: '',
} satisfies ErrorObject;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(options: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ ok: true }));
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    fetch: fetchMock,
    getApiKey: () => 'key-123',
    getToken: () => 'session-token',
    onUnauthorized,
    ...options,
  });
  const lastHeaders = () => new Headers(fetchMock.mock.lastCall?.[1]?.headers);
  return { client, fetchMock, onUnauthorized, lastHeaders };
}

describe('api client', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls the billing service with the API key, the XHR marker and JSON', async () => {
    const { client, fetchMock, lastHeaders } = setup();
    const result = await client.post('/auth/login', { a: 1 }, okSchema, { token: null });

    expect(result).toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(url).toBe(`${SERVICE_BASE_PATH}/auth/login`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(lastHeaders().get('X-API-Key')).toBe('key-123');
    expect(lastHeaders().get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(lastHeaders().get('Content-Type')).toBe('application/json');
    expect(lastHeaders().get('Accept')).toBe('application/json');
  });

  it('asks the service to answer in the language the portal is read in, as it changes', async () => {
    let language: 'en' | 'es' = 'en';
    const { client, lastHeaders } = setup({ getLanguage: () => language });
    await client.get('/auth/me', okSchema);
    expect(lastHeaders().get('Accept-Language')).toBe('en');
    language = 'es';
    await client.get('/auth/me', okSchema);
    expect(lastHeaders().get('Accept-Language')).toBe('es');
  });

  it("words its own fallback errors in the portal's language", async () => {
    const { client } = setup({
      getLanguage: () => 'es',
      fetch: vi.fn<typeof fetch>(async () => new Response('<html>', { status: 502 })),
    });
    const result = await client.get('/encounters', okSchema);
    expect(result.error?.title).toBe('Se produjo un error inesperado');
    expect(result.error?.code).toBe('ERR1001');
  });

  it('sends the held token as a bearer token', async () => {
    const { client, lastHeaders } = setup();
    await client.get('/encounters', okSchema);
    expect(lastHeaders().get('Authorization')).toBe('Bearer session-token');
  });

  it('uses a token given for the call, and none when told so', async () => {
    const { client, lastHeaders } = setup();
    await client.get('/auth/me', okSchema, { token: 'fresh-token' });
    expect(lastHeaders().get('Authorization')).toBe('Bearer fresh-token');
    await client.get('/config/app', okSchema, { token: null });
    expect(lastHeaders().has('Authorization')).toBe(false);
  });

  it('sends no Authorization header without a session', async () => {
    const { client, lastHeaders } = setup({ getToken: () => null });
    await client.get('/config/app', okSchema);
    expect(lastHeaders().has('Authorization')).toBe(false);
  });

  it('reads the API key from the page meta tag by default', async () => {
    const meta = document.createElement('meta');
    meta.name = 'webpay-api-key';
    meta.content = 'served-key';
    document.head.append(meta);
    try {
      const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ ok: true }));
      const client = createApiClient({ fetch: fetchMock, getToken: () => null });
      await client.get('/config/app', okSchema);
      expect(new Headers(fetchMock.mock.lastCall?.[1]?.headers).get('X-API-Key')).toBe(
        'served-key',
      );
    } finally {
      meta.remove();
    }
  });

  it('times out after 30 000 ms with the ERR1001 fallback', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const { client } = setup({ fetch: fetchMock });
    const pending = client.get('/encounters', okSchema);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock.mock.lastCall?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const result = await pending;
    expect(result.error).toEqual(UNEXPECTED);
    expect(result.error && result.failure).toBe('timeout');
  });

  it('turns a network failure into the ERR1001 fallback with status 500', async () => {
    const { client } = setup({
      fetch: vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    const result = await client.get('/encounters', okSchema);
    expect(result.error).toEqual(UNEXPECTED);
    expect(result.error && result.failure).toBe('network');
  });

  it('turns a 401 without an error body into ERR1002 with the exact SPEC texts', async () => {
    const { client } = setup({
      fetch: vi.fn<typeof fetch>(async () => new Response('<html>denied</html>', { status: 401 })),
    });
    const result = await client.get('/encounters', okSchema);
    expect(result.error).toEqual({
      title: 'Session expired',
      status: 401,
      code: 'ERR1002',
      details: ['Your session has expired. Please log in again.'],
      requestId: '',
      correlationId: '',
    });
  });

  it('keeps the status of other failures without an error body', async () => {
    const { client } = setup({
      fetch: vi.fn<typeof fetch>(async () => new Response('Bad gateway', { status: 502 })),
    });
    const result = await client.get('/encounters', okSchema);
    expect(result.error).toEqual({ ...UNEXPECTED, status: 502 });
  });

  it('passes a recognised error object through unchanged and logs it', async () => {
    const serverError: ErrorObject = {
      title: 'Account locked',
      status: 423,
      code: 'ACCOUNT_LOCKED',
      details: ['Too many attempts. Try again in 15 minutes.'],
      requestId: 'req-1',
      correlationId: 'cor-1',
    };
    const { client } = setup({
      fetch: vi.fn<typeof fetch>(async () => jsonResponse(serverError, 423)),
    });
    const result = await client.post('/auth/login', {}, okSchema, { token: null });
    expect(result.error).toEqual(serverError);
    expect(console.error).toHaveBeenCalledWith(expect.any(String), serverError);
  });

  it('treats a 2xx answer of the wrong shape as the ERR1001 fallback', async () => {
    const { client } = setup({ fetch: vi.fn<typeof fetch>(async () => jsonResponse({ nope: 1 })) });
    const result = await client.get('/encounters', okSchema);
    expect(result.error).toEqual(UNEXPECTED);
  });

  it('accepts an empty body where the schema allows it', async () => {
    const { client } = setup({
      fetch: vi.fn<typeof fetch>(async () => new Response(null, { status: 204 })),
    });
    const result = await client.post('/auth/logout', undefined, z.unknown());
    expect(result).toEqual({ data: undefined });
  });

  it('reports a 401 only when the call carried a token', async () => {
    const fetch401 = vi.fn<typeof fetch>(async () => new Response('', { status: 401 }));
    const withToken = setup({ fetch: fetch401 });
    await withToken.client.get('/encounters', okSchema);
    expect(withToken.onUnauthorized).toHaveBeenCalledTimes(1);

    const withoutToken = setup({ fetch: fetch401, getToken: () => null });
    await withoutToken.client.post('/auth/login', {}, okSchema);
    expect(withoutToken.onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not report a 401 for a token that is no longer the session one', async () => {
    const fetch401 = vi.fn<typeof fetch>(async () => new Response('', { status: 401 }));
    const { client, onUnauthorized } = setup({ fetch: fetch401 });
    await client.get('/auth/me', okSchema, { token: 'replaced-token' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hands on the wait of a throttled answer from Retry-After', async () => {
    const { client } = setup({
      fetch: vi.fn<typeof fetch>(async () =>
        jsonResponse(
          { title: 'Too many requests', status: 429, code: 'TOO_MANY_REQUESTS', details: [] },
          429,
        ),
      ),
    });
    const throttled = setup({
      fetch: vi.fn<typeof fetch>(
        async () => new Response('', { status: 429, headers: { 'Retry-After': '17' } }),
      ),
    });
    expect(await client.post('/auth/login', {}, okSchema)).not.toHaveProperty('retryAfterSeconds');
    const result = await throttled.client.post('/auth/login', {}, okSchema);
    expect(result).toMatchObject({ failure: 'response', retryAfterSeconds: 17 });
    expect(result.error).toEqual({ ...UNEXPECTED, status: 429 });
    try {
      unwrap(result);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).retryAfterSeconds).toBe(17);
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('never throws, whatever fetch does', async () => {
    const { client } = setup({
      fetch: vi.fn<typeof fetch>(() => {
        throw new Error('synchronous failure');
      }),
    });
    await expect(client.get('/encounters', okSchema)).resolves.toHaveProperty('error');
  });

  describe('getBlob', () => {
    const pdf = () =>
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="statement.pdf"',
        },
      });

    it('fetches a file with the API key, the XHR marker and the bearer token', async () => {
      const fetchMock = vi.fn<typeof fetch>(async () => pdf());
      const { client } = setup({ fetch: fetchMock });
      const result = await client.getBlob({
        path: '/statements/s-1/pdf',
        accept: 'application/pdf',
      });
      const lastHeaders = () => new Headers(fetchMock.mock.lastCall?.[1]?.headers);

      expect(fetchMock.mock.lastCall?.[0]).toBe(`${SERVICE_BASE_PATH}/statements/s-1/pdf`);
      expect(fetchMock.mock.lastCall?.[1]?.method).toBe('GET');
      expect(lastHeaders().get('Accept')).toBe('application/pdf');
      expect(lastHeaders().get('X-API-Key')).toBe('key-123');
      expect(lastHeaders().get('X-Requested-With')).toBe('XMLHttpRequest');
      expect(lastHeaders().get('Authorization')).toBe('Bearer session-token');
      expect(result.error).toBeUndefined();
      const bytes = new Uint8Array(await (result.data as Blob).arrayBuffer());
      expect(new TextDecoder().decode(bytes)).toBe('%PDF');
    });

    it('passes the error object of a refusal through, and reports a 401', async () => {
      const notFound: ErrorObject = {
        title: 'Not found',
        status: 404,
        code: 'NOT_FOUND',
        details: ['No such statement.'],
        requestId: 'req-2',
        correlationId: 'cor-2',
      };
      const refused = setup({
        fetch: vi.fn<typeof fetch>(async () => jsonResponse(notFound, 404)),
      });
      const result = await refused.client.getBlob({
        path: '/statements/x/pdf',
        accept: 'application/pdf',
      });
      expect(result.error).toEqual(notFound);

      const expired = setup({
        fetch: vi.fn<typeof fetch>(async () => new Response('', { status: 401 })),
      });
      const expiredResult = await expired.client.getBlob({
        path: '/statements/x/pdf',
        accept: 'application/pdf',
      });
      expect(expiredResult.error?.code).toBe('ERR1002');
      expect(expired.onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it('refuses an answer of another media type rather than saving it as the file', async () => {
      const { client } = setup({
        fetch: vi.fn<typeof fetch>(
          async () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }),
        ),
      });
      const result = await client.getBlob({
        path: '/statements/s-1/pdf',
        accept: 'application/pdf',
      });
      expect(result.error).toEqual(UNEXPECTED);
    });

    it('turns a network failure or a timeout into the fallback, like every call', async () => {
      const offline = setup({
        fetch: vi.fn<typeof fetch>(async () => {
          throw new TypeError('Failed to fetch');
        }),
      });
      const result = await offline.client.getBlob({
        path: '/statements/s-1/pdf',
        accept: 'application/pdf',
      });
      expect(result.error && result.failure).toBe('network');

      vi.useFakeTimers();
      const hanging = setup({
        fetch: vi.fn<typeof fetch>(
          (_url, init) =>
            new Promise((_resolve, reject) => {
              init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
            }),
        ),
      });
      const pending = hanging.client.getBlob({
        path: '/statements/s-1/pdf',
        accept: 'application/pdf',
      });
      await vi.advanceTimersByTimeAsync(30_000);
      const timedOut = await pending;
      expect(timedOut.error).toEqual(UNEXPECTED);
      expect(timedOut.error && timedOut.failure).toBe('timeout');
    });
  });

  it('unwrap throws an ApiError carrying the error object', () => {
    expect(unwrap({ data: 1 })).toBe(1);
    try {
      unwrap({ error: UNEXPECTED, failure: 'network' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).error).toBe(UNEXPECTED);
      expect((error as ApiError).failure).toBe('network');
    }
  });
});
