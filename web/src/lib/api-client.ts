import type { z } from 'zod';
import {
  API_KEY_HEADER,
  CLIENT_TIMEOUT_MS,
  SERVICE_BASE_PATH,
  XHR_MARKER_HEADER,
  XHR_MARKER_VALUE,
} from '@webpay/contracts/api';
import { fallbackError } from '@webpay/contracts/error-codes';
import type { Language } from '@webpay/contracts/language';
import type { ErrorObject } from '@webpay/contracts/errors';
import { readApiKey } from '@/config/env.ts';
import { currentLanguage } from './language.ts';
import { sessionStore } from './session.ts';

/** How a call failed, for screens that word network trouble differently from server answers. */
export type FailureKind = 'network' | 'timeout' | 'aborted' | 'response';

/** SPEC §7: every call answers with data or an error object, and never throws. */
export type ApiResult<T> =
  | { data: T; error?: undefined }
  | {
      data?: undefined;
      error: ErrorObject;
      failure: FailureKind;
      /** From a throttled answer's Retry-After header, when it had a usable one. */
      retryAfterSeconds?: number;
    };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * An answer's schema, or a loader of it. A loader is started together with
 * the request, so pages that call the service as they open (the app config,
 * the signed-in user) do not wait for zod before they can render.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * SPEC §3: a failed answer is shown as the service's error object when it has
 * the object's fields. A check of its shape, not the parsing of data the
 * portal goes on to use, so it stays free of zod.
 */
export function isErrorObject(value: unknown): value is ErrorObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const candidate = value as Record<string, unknown>;
  const optionalText = (field: unknown) => field === undefined || typeof field === 'string';
  return (
    typeof candidate.title === 'string' &&
    typeof candidate.status === 'number' &&
    Number.isSafeInteger(candidate.status) &&
    typeof candidate.code === 'string' &&
    Array.isArray(candidate.details) &&
    candidate.details.every((detail) => typeof detail === 'string') &&
    optionalText(candidate.requestId) &&
    optionalText(candidate.correlationId)
  );
}

export interface RequestOptions<S extends z.ZodType> {
  method?: Method;
  /** Relative to the billing service base path, e.g. `/encounters`. */
  path: string;
  body?: unknown;
  /** Validates the answer; a 2xx body that does not match is treated as a failure. */
  schema: SchemaSource<S>;
  /**
   * The bearer token for this call. Left out, the signed-in session's token is
   * used; `null` sends none (sign-in calls).
   */
  token?: string | null;
  /** Headers of this call only, e.g. a payment attempt's Idempotency-Key. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A file sent as it is (not as JSON), e.g. a document's photo, with its own media type. */
export interface RawBody {
  bytes: Blob;
  contentType: string;
}

export interface ApiClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  getApiKey?: () => string;
  getToken?: () => string | null | undefined;
  /** Told when a call that carried the session's current token is refused with 401. */
  onUnauthorized?: () => void;
  /** The language the portal is read in, which the service answers in. */
  getLanguage?: () => Language;
  fetch?: typeof fetch;
}

/**
 * Thrown by query and mutation functions so TanStack Query sees a failure;
 * it carries the product error object unchanged.
 */
export class ApiError extends Error {
  readonly error: ErrorObject;
  readonly failure: FailureKind;
  readonly retryAfterSeconds: number | undefined;

  constructor(error: ErrorObject, failure: FailureKind = 'response', retryAfterSeconds?: number) {
    super(failureMessage(error, failure));
    this.name = 'ApiError';
    this.error = error;
    this.failure = failure;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function failureMessage(error: ErrorObject, failure: FailureKind): string {
  if (failure === 'network') return `Network error: fetch failed (${error.code})`;
  if (failure === 'timeout') return `Request timeout (${error.code})`;
  return `${error.status} ${error.title}: ${error.details[0] ?? ''}`.trim();
}

/** Unwraps a result for TanStack Query, which expects failures to throw. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.error) throw new ApiError(result.error, result.failure, result.retryAfterSeconds);
  return result.data as T;
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Retry-After is either a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === 'TimeoutError';
}

/** The answer's media type without parameters, e.g. `application/pdf`. */
function mediaType(response: Response): string {
  return (response.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Reads a 2xx answer into the call's data, or says why it cannot be used. */
type AnswerReader<T> = (response: Response) => Promise<ApiResult<T>>;

export interface BlobRequestOptions {
  /** Relative to the billing service base path, e.g. `/statements/1/pdf`. */
  path: string;
  /** The media type asked for and required of the answer, e.g. `application/pdf`. */
  accept: string;
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

interface RequestHeaderValues {
  accept: string;
  language: Language;
  apiKey: string;
  token: string | null | undefined;
  /** The call carries a JSON body. */
  json: boolean;
  /** Headers of this call only. */
  extra: Record<string, string> | undefined;
}

/** The headers every call sends, then the call's own. */
function requestHeaders({ accept, language, apiKey, token, json, extra }: RequestHeaderValues) {
  const headers = new Headers({
    Accept: accept,
    // The service words its messages, e-mails and PDFs in the language asked
    // for (decision 0013): the portal's, not the browser's, so they match the screen.
    'Accept-Language': language,
    [XHR_MARKER_HEADER]: XHR_MARKER_VALUE,
  });
  if (apiKey) headers.set(API_KEY_HEADER, apiKey);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (json) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(extra ?? {})) {
    headers.set(name, value);
  }
  return headers;
}

/**
 * A call's abort controller: it aborts at the deadline or when the caller's
 * signal does, and says which. `release` undoes the timer and the listener.
 */
function deadline(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request timed out', 'TimeoutError')),
    timeoutMs,
  );
  const forwardAbort = () => controller.abort(signal?.reason);
  const abortKind = (): FailureKind | undefined => {
    if (!controller.signal.aborted) return undefined;
    return isTimeout(controller.signal.reason) ? 'timeout' : 'aborted';
  };
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });
  const release = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  };
  return { controller, abortKind, release };
}

/** A refused call's result: the service's error object if it sent one, and any Retry-After. */
function refusal<T>(
  response: Response,
  payload: unknown,
  call: string,
  failed: (status?: number) => ErrorObject,
): ApiResult<T> {
  const retryAfterSeconds =
    response.status === 429 ? parseRetryAfter(response.headers.get('Retry-After')) : undefined;
  const throttled = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  if (isErrorObject(payload)) {
    console.error(`${call} failed`, payload);
    return { error: payload, failure: 'response', ...throttled };
  }
  return { error: failed(response.status), failure: 'response', ...throttled };
}

/** Reads a JSON answer and parses it by the call's schema; an unexpected shape is a failure. */
function jsonAnswer<S extends z.ZodType>(
  loadedSchema: Promise<S>,
  call: string,
  failed: () => ErrorObject,
): AnswerReader<z.output<S>> {
  return async (response) => {
    const payload = await readBody(response);
    if (isErrorObject(payload)) {
      console.error(`${call} failed`, payload);
      return { error: payload, failure: 'response' };
    }
    const parsed = (await loadedSchema).safeParse(payload);
    if (!parsed.success) {
      console.error(`${call} answered with an unexpected shape`, parsed.error.issues);
      return { error: failed(), failure: 'response' };
    }
    return { data: parsed.data };
  };
}

/** A client's settings with their defaults filled in. */
type ClientSettings = Required<Omit<ApiClientOptions, 'fetch'>> &
  Pick<ApiClientOptions, 'fetch'> & {
    /** The fallback error in the current language, for a status or none. */
    failed: (status?: number) => ErrorObject;
  };

/** Sends one call and reads its answer; never throws for a failed call (SPEC §7). */
async function sendRequest<T>(
  client: ClientSettings,
  requestOptions: Omit<RequestOptions<z.ZodType>, 'schema'> & { accept: string; raw?: RawBody },
  readAnswer: AnswerReader<T>,
): Promise<ApiResult<T>> {
  const { method = 'GET', path, body, signal, accept, raw } = requestOptions;
  const { baseUrl, timeoutMs, getApiKey, getToken, onUnauthorized, getLanguage, failed } = client;
  const token = requestOptions.token === undefined ? getToken() : requestOptions.token;
  const doFetch = client.fetch ?? globalThis.fetch.bind(globalThis);

  const headers = requestHeaders({
    accept,
    language: getLanguage(),
    apiKey: getApiKey(),
    token,
    json: body !== undefined,
    extra: raw
      ? { ...requestOptions.headers, 'Content-Type': raw.contentType }
      : requestOptions.headers,
  });
  const { controller, abortKind, release } = deadline(signal, timeoutMs);

  try {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: raw ? raw.bytes : body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (_networkFailure) {
      return { error: failed(), failure: abortKind() ?? 'network' };
    }

    if (response.ok) {
      let result: ApiResult<T>;
      try {
        result = await readAnswer(response);
      } catch (_unreadable) {
        // A body cut off by the deadline or the caller counts as that, not as a bad answer.
        result = { error: failed(), failure: 'response' };
      }
      const aborted = abortKind();
      return aborted ? { error: failed(), failure: aborted } : result;
    }

    const payload = await readBody(response);
    const aborted = abortKind();
    if (aborted) return { error: failed(), failure: aborted };

    // Only the session in use can expire: a refusal of a token that has since been
    // replaced (e.g. by e-mail multi-factor sign-in) says nothing about the new one.
    if (response.status === 401 && token && token === getToken()) onUnauthorized();

    return refusal(response, payload, `${method} ${path}`, failed);
  } finally {
    release();
  }
}

/** A client's options with the portal's defaults: its service, session and language. */
function clientSettings(options: ApiClientOptions): ClientSettings {
  const {
    baseUrl = SERVICE_BASE_PATH,
    timeoutMs = CLIENT_TIMEOUT_MS,
    getApiKey = readApiKey,
    getToken = () => sessionStore.get()?.token,
    onUnauthorized = () => sessionStore.reportUnauthorized(),
    getLanguage = currentLanguage,
  } = options;
  return {
    baseUrl,
    timeoutMs,
    getApiKey,
    getToken,
    onUnauthorized,
    getLanguage,
    fetch: options.fetch,
    failed: (status?: number) => fallbackError(status, getLanguage()),
  };
}

export function createApiClient(options: ApiClientOptions = {}) {
  const settings = clientSettings(options);
  const { failed } = settings;
  const send = <T>(
    requestOptions: Omit<RequestOptions<z.ZodType>, 'schema'> & { accept: string; raw?: RawBody },
    readAnswer: AnswerReader<T>,
  ) => sendRequest<T>(settings, requestOptions, readAnswer);

  /** SPEC §7: calls do not throw; even a fault of our own becomes the fallback error. */
  async function guarded<T>(
    method: Method,
    path: string,
    call: () => Promise<ApiResult<T>>,
  ): Promise<ApiResult<T>> {
    try {
      return await call();
    } catch (reason) {
      console.error(`${method} ${path} could not be sent`, reason);
      return { error: failed(), failure: 'response' };
    }
  }

  function request<S extends z.ZodType>(
    requestOptions: RequestOptions<S> & { raw?: RawBody },
  ): Promise<ApiResult<z.output<S>>> {
    const { method = 'GET', path, schema } = requestOptions;
    return guarded<z.output<S>>(method, path, () => {
      const loadedSchema = typeof schema === 'function' ? schema() : Promise.resolve(schema);
      // A loader that fails before the answer is read must not be reported as unhandled.
      loadedSchema.catch(() => undefined);
      return send<z.output<S>>(
        { ...requestOptions, accept: 'application/json' },
        jsonAnswer(loadedSchema, `${method} ${path}`, failed),
      );
    });
  }

  /**
   * A file (e.g. a statement's PDF) fetched with the same headers as every
   * other call, so it can be saved without handing the token to a plain link.
   */
  function getBlob({ accept, ...rest }: BlobRequestOptions): Promise<ApiResult<Blob>> {
    return guarded<Blob>('GET', rest.path, () =>
      send<Blob>({ ...rest, method: 'GET', accept }, async (response) => {
        if (mediaType(response) !== accept.toLowerCase()) {
          console.error(`GET ${rest.path} answered with ${mediaType(response) || 'no type'}`);
          return { error: failed(), failure: 'response' };
        }
        return { data: await response.blob() };
      }),
    );
  }

  return {
    request,
    getBlob,
    get: <S extends z.ZodType>(
      path: string,
      schema: SchemaSource<S>,
      rest: Partial<RequestOptions<S>> = {},
    ) => request({ ...rest, method: 'GET', path, schema }),
    post: <S extends z.ZodType>(
      path: string,
      body: unknown,
      schema: SchemaSource<S>,
      rest: Partial<RequestOptions<S>> = {},
    ) => request({ ...rest, method: 'POST', path, body, schema }),
    /** POST a file's bytes as they are, answered with JSON like every other call. */
    postBytes: <S extends z.ZodType>(
      path: string,
      raw: RawBody,
      schema: SchemaSource<S>,
      rest: Partial<RequestOptions<S>> = {},
    ) => request({ ...rest, method: 'POST', path, raw, schema }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient();
