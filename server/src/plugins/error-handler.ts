import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER } from '@webpay/contracts/api';
import { ERROR_CODES, type ErrorObject } from '@webpay/contracts/errors';
import { pickLanguage, type Language } from '@webpay/contracts/language';
import {
  ApiError,
  apiErrors,
  fieldText,
  isApiError,
  type ErrorCode,
  type LocalText,
} from '../lib/api-error.ts';
import type { ErrorMessages } from '../lib/error-messages.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { correlationIdFor } from '../lib/request-ids.ts';
import { issueMessageIn } from '../lib/validation-messages.ts';
import { varyByLanguage } from '../lib/vary-by-language.ts';

const MAX_ECHOED_PATH = 200;

/** The path as the caller sent it, without the query (which may hold secrets), bounded in size. */
function echoedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path;
}

function fieldName(context: string | undefined, instancePath: string): string {
  const field = instancePath.split('/').filter(Boolean).join('.');
  const scope = context ?? 'request';
  return field ? `${scope}.${field}` : scope;
}

function validationError(error: FastifyError, request: FastifyRequest): ApiError {
  const context = error.validationContext;
  if (context === 'body' && request.body === undefined) {
    return apiErrors.validation([fieldText('body', (m) => m.bodyRequired)]);
  }
  const details = (error.validation ?? []).map((issue) =>
    fieldText(fieldName(context, issue.instancePath), (m, language) =>
      issue.message ? issueMessageIn(issue, language) : m.fieldInvalid,
    ),
  );
  return apiErrors.validation(details.length > 0 ? details : [error.message]);
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  405: ERROR_CODES.methodNotAllowed,
  408: ERROR_CODES.upstreamTimeout,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.tooManyRequests,
};

const STATUS_TITLES: Record<number, keyof ErrorMessages['titles']> = {
  400: 'invalidRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  408: 'requestTimeout',
  413: 'requestTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/** Maps anything thrown while serving a request onto the error the caller is shown. */
export function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (isApiError(error)) return error;
  if (isDatabaseUnavailable(error)) return apiErrors.databaseUnavailable(error);

  const fastifyError = error as Partial<FastifyError>;
  // Schema validation (zod, via fastify-type-provider-zod) fails with a `validation` list.
  if (Array.isArray(fastifyError.validation)) {
    return validationError(error as FastifyError, request);
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiErrors.validation(
        [fieldText('body', (m) => m.bodyNotJson)],
        (m) => m.titles.malformedJson,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const contentType = JSON.stringify(request.headers['content-type'] ?? '');
      return new ApiError(
        415,
        ERROR_CODES.unsupportedMediaType,
        (m) => m.titles.unsupportedMediaType,
        [(m) => m.unsupportedMediaType(contentType)],
      );
    }
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const kilobytes = Math.round(request.routeOptions.bodyLimit / 1024);
      return new ApiError(413, ERROR_CODES.payloadTooLarge, (m) => m.titles.requestTooLarge, [
        (m) => m.bodyTooLarge(kilobytes),
      ]);
    }
  }
  // Fastify's own 4xx errors (bad URL, wrong Content-Length, ...) carry safe messages.
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const title = STATUS_TITLES[status] ?? 'badRequest';
    // Fastify's own words are English only; they name what was wrong in terms a client developer reads.
    const detail: LocalText = fastifyError.message ?? ((m) => m.requestRefused);
    return new ApiError(
      status,
      STATUS_CODES[status] ?? ERROR_CODES.validation,
      (m) => m.titles[title],
      [detail],
    );
  }
  return apiErrors.internal();
}

/** Errors raised before the request-context hook ran still get a correlation id. */
function correlationIdOf(request: FastifyRequest): string {
  return request.correlationId || correlationIdFor(request.headers, request.id);
}

/**
 * The request's language, read from the header itself: errors raised before
 * routing or before any hook ran have no decorated language yet.
 */
function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

export function errorBody(apiError: ApiError, request: FastifyRequest): ErrorObject {
  const { title, details } = apiError.wordedIn(languageOf(request));
  return {
    title,
    status: apiError.statusCode,
    code: apiError.code,
    details,
    requestId: request.id,
    correlationId: correlationIdOf(request),
  };
}

function logError(error: unknown, apiError: ApiError, request: FastifyRequest) {
  if (apiError.statusCode === 503) {
    request.log.warn({ err: error }, 'database unavailable');
  } else if (apiError.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    // Client errors are routine; the code says enough and their input may be sensitive.
    request.log.info({ code: apiError.code, statusCode: apiError.statusCode }, apiError.title);
  }
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error, request);
  logError(error, apiError, request);
  reply
    .code(apiError.statusCode)
    .headers(apiError.headers)
    .header(REQUEST_ID_HEADER, request.id)
    .header(CORRELATION_ID_HEADER, correlationIdOf(request));
  varyByLanguage(reply);
  return reply.send(errorBody(apiError, request));
}

/** Errors raised before routing (e.g. an undecodable URL) get the same error object. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  void sendError(error, request, reply);
};

/** The one place that turns failures into SPEC error objects, and unknown routes into 404s. */
export default fp(
  async function errorHandler(app) {
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
    app.setNotFoundHandler((request, reply) =>
      sendError(apiErrors.routeNotFound(request.method, echoedPath(request.url)), request, reply),
    );
  },
  { name: 'error-handler' },
);
