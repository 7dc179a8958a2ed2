/** Socket errors meaning the database server cannot be reached at all. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs for a lost or refused connection: class 08
 * (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now)
 * and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[123]|53300)$/;

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'Client has encountered a connection error',
  'PGlite is closed',
  'The embedded database is closed',
  'PGlite instance is closed',
];

/**
 * Whether an error (or anything in its cause chain: drizzle wraps driver
 * errors) means the database is unreachable rather than the query wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    if (
      UNAVAILABLE_MESSAGES.some(
        (message) => current instanceof Error && current.message.includes(message),
      )
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
