import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER } from '@webpay/contracts/api';
import { ERROR_CODES, type ErrorObject } from '@webpay/contracts/errors';
import { ApiError, apiErrors, isApiError, type ErrorCode } from '../lib/api-error.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { correlationIdFor } from '../lib/request-ids.ts';

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
    return apiErrors.validation(['body: A JSON request body is required.']);
  }
  const details = (error.validation ?? []).map(
    (issue) => `${fieldName(context, issue.instancePath)}: ${issue.message ?? 'is invalid'}`,
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

const STATUS_TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  413: 'Request too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
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
      return apiErrors.validation(['body: The request body is not valid JSON.'], 'Malformed JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Unsupported media type', [
        `Content-Type ${JSON.stringify(request.headers['content-type'] ?? '')} is not accepted; send the body as application/json.`,
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, ERROR_CODES.payloadTooLarge, 'Request too large', [
        `The request body is larger than the ${Math.round(request.routeOptions.bodyLimit / 1024)} KB this service accepts.`,
      ]);
  }
  // Fastify's own 4xx errors (bad URL, wrong Content-Length, ...) carry safe messages.
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(
      status,
      STATUS_CODES[status] ?? ERROR_CODES.validation,
      STATUS_TITLES[status] ?? 'Bad request',
      [fastifyError.message ?? 'The request was refused.'],
    );
  }
  return apiErrors.internal();
}

/** Errors raised before the request-context hook ran still get a correlation id. */
function correlationIdOf(request: FastifyRequest): string {
  return request.correlationId || correlationIdFor(request.headers, request.id);
}

export function errorBody(apiError: ApiError, request: FastifyRequest): ErrorObject {
  return {
    title: apiError.title,
    status: apiError.statusCode,
    code: apiError.code,
    details: apiError.details,
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
  return reply
    .code(apiError.statusCode)
    .headers(apiError.headers)
    .header(REQUEST_ID_HEADER, request.id)
    .header(CORRELATION_ID_HEADER, correlationIdOf(request))
    .send(errorBody(apiError, request));
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
