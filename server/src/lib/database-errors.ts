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
  for (const current of causeChain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    if (UNAVAILABLE_MESSAGES.some((message) => current.message.includes(message))) {
      return true;
    }
  }
  return false;
}

/**
 * The error and the errors it wraps, outermost first: drizzle wraps the
 * driver's error in its own, so a SQLSTATE sits somewhere down the chain.
 * Stops at the first cause that is not an Error, or after `maxDepth` links.
 */
export function* causeChain(error: unknown, maxDepth = 5): Generator<Error> {
  let current: unknown = error;
  for (let depth = 0; depth < maxDepth && current instanceof Error; depth += 1) {
    yield current;
    current = current.cause;
  }
}

/**
 * A unique index refused the write (SQLSTATE 23505), e.g. two sign-ups racing
 * for one address. With `index`, only a refusal by that index counts: the
 * first unique violation in the chain is matched by its constraint name or,
 * where the driver gives none, by the name in its message.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (const current of causeChain(error)) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code !== '23505') continue;
    return index === undefined || constraint === index || current.message.includes(index);
  }
  return false;
}

/**
 * A connection error as pg-pool reports it carries its client, and the
 * client the backend's cancel key and the connection settings: not for
 * logs. Removes it from the error, which is then safe to log.
 */
export function withoutConnectionClient<T>(error: T): T {
  if (error && typeof error === 'object' && 'client' in error) {
    delete (error as { client?: unknown }).client;
  }
  return error;
}
