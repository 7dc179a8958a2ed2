/*
 * What a caller can read from an answer, minus what differs on every call
 * whoever asks (request ids, the clock, fresh random ids), so that the
 * answers to a known and an unknown identifier can be compared whole:
 * status, every header, and the body.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Headers that change on every call: ids and the date. */
const PER_CALL_HEADERS = new Set(['date', 'x-request-id', 'x-correlation-id']);
/** Second counts that can tick over between two calls a moment apart: compared in whole minutes. */
const COUNTDOWN_HEADERS = new Set(['retry-after', 'x-ratelimit-reset']);

export interface ComparableAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A body's request and correlation ids dropped, fresh UUIDs shown by their
 * shape only, and the caller's own input echoed back (`echo`) shown as such.
 */
function comparableBody(value: unknown, echo: string | undefined): unknown {
  if (typeof value === 'string') {
    if (UUID.test(value)) return '<uuid>';
    return echo !== undefined && value === echo ? '<echo>' : value;
  }
  if (Array.isArray(value)) return value.map((entry) => comparableBody(entry, echo));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'requestId' && key !== 'correlationId')
        .map(([key, entry]) => [key, comparableBody(entry, echo)]),
    );
  }
  return value;
}

/** `echo`: what the caller sent that the answer repeats (an e-mail address). */
export async function comparableAnswer(
  response: Response,
  echo?: string,
): Promise<ComparableAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (PER_CALL_HEADERS.has(name)) continue;
    headers[name] = COUNTDOWN_HEADERS.has(name) ? `${Math.ceil(Number(value) / 60)} min` : value;
  }
  const text = await response.text();
  return { status: response.status, headers, body: comparableBody(JSON.parse(text), echo) };
}
