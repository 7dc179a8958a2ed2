import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER } from '@webpay/contracts/api';

/**
 * Ids from the caller end up in logs, audit rows and response headers, so
 * only short, plain tokens are accepted: no spaces, quotes or control
 * characters that could forge a log line or a header.
 */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function saneId(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single !== undefined && SANE_ID.test(single) ? single : undefined;
}

/** The request id: the caller's X-Request-Id when it is sane, else a fresh UUID. */
export function requestIdFor(headers: IncomingHttpHeaders): string {
  return saneId(headers[REQUEST_ID_HEADER.toLowerCase()]) ?? randomUUID();
}

/** The correlation id ties calls of one user action together; it defaults to the request id. */
export function correlationIdFor(headers: IncomingHttpHeaders, requestId: string): string {
  return saneId(headers[CORRELATION_ID_HEADER.toLowerCase()]) ?? requestId;
}
