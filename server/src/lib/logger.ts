import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
import { stdSerializers } from 'pino';
import { correlationIdFor } from './request-ids.ts';

export const REDACTED = '[REDACTED]';

/**
 * Paths pino masks wherever they appear in a log line. Fastify's own request
 * serializer logs no headers or bodies; these catch anything a handler or a
 * plugin passes along by mistake.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.body',
  'headers.authorization',
  'headers["x-api-key"]',
  'body',
  'pin',
  'token',
  'access_token',
  'password',
  '*.pin',
  '*.token',
  '*.access_token',
  '*.password',
  '*.cardNumber',
  '*.accountNumber',
  '*.routingNumber',
  'err.params',
  'err.cause.params',
];

/** A staff enrolment link's token rides in its path (`/enrol/…`, `/enrolment/…`). */
const ENROLMENT_TOKEN = /(\/enrol(?:ment)?\/)[^/?#]+/;

/**
 * Query strings can carry secrets (a magic-link token rides in
 * `?abracadabra=`), so logged URLs keep the parameter names only; an
 * enrolment link's token is masked in the path as well.
 */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(ENROLMENT_TOKEN, `$1${REDACTED}`);
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return pair.includes('=') ? `${name}=${REDACTED}` : name;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/**
 * A failed SQL statement's error carries the statement's parameters, which
 * may be account numbers or token hashes; the log keeps the statement only.
 */
function serializeError(error: unknown) {
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (typeof serialized.message === 'string') {
    serialized.message = serialized.message.replace(/\nparams:.*$/s, '\nparams: [REDACTED]');
  }
  if (typeof serialized.stack === 'string') {
    serialized.stack = serialized.stack.replace(
      /\nparams:.*?(\n\s+at |$)/s,
      '\nparams: [REDACTED]$1',
    );
  }
  delete serialized.params;
  return serialized;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: Partial<FastifyRequest>) => ({
        method: request.method,
        url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
  };
}

/** Every line a request logs carries its correlation id beside the request id. */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> =
  function childLoggerFactory(
    logger: FastifyBaseLogger,
    bindings: Record<string, unknown> & { requestId?: string },
    options,
    rawRequest: IncomingMessage,
  ) {
    const requestId = String(bindings.requestId ?? '');
    return logger.child(
      { ...bindings, correlationId: correlationIdFor(rawRequest.headers, requestId) },
      options,
    );
  };
