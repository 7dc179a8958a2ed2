import type pg from 'pg';

/*
 * A connection to PostgreSQL that stops answering (a network partition, a
 * frozen host) would hold every query on it forever: node-postgres waits
 * for the answer with no limit, so requests hang and the portal's client
 * gives up without an error object. pg's own `query_timeout` is no remedy:
 * it leaves the abandoned query on the connection, which then goes back to
 * the pool still inside its transaction. Here a query that gets no answer in
 * time destroys its connection instead: that query and everything queued
 * behind it fail as a lost connection (DATABASE_UNAVAILABLE), the pool drops
 * the client, and the next request opens a fresh one.
 */

/** The error the queries of an abandoned connection fail with; ETIMEDOUT marks it as unavailability. */
export class DatabaseTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';

  constructor(limitMs: number) {
    super(`The database did not answer within ${limitMs} ms; the connection was dropped`);
    this.name = 'DatabaseTimeoutError';
  }
}

type QueryFunction = (...args: unknown[]) => unknown;

/** pg's socket: not in its types, but the one handle that fails every query on the connection at once. */
function destroyConnection(client: pg.PoolClient, error: Error): void {
  const stream = (client as unknown as { connection?: { stream?: { destroy(e: Error): void } } })
    .connection?.stream;
  stream?.destroy(error);
}

function isThenable(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * Makes every query on `client` give up after `limitMs()` milliseconds
 * (none when it returns 0), whether called with a callback (as the pool's
 * own `pool.query` does) or for a promise (as a checked-out client is).
 */
export function limitQueryTime(client: pg.PoolClient, limitMs: () => number): void {
  const query = client.query.bind(client) as QueryFunction;
  const limited: QueryFunction = (...args) => {
    const limit = limitMs();
    if (limit <= 0) return query(...args);
    const timer = setTimeout(
      () => destroyConnection(client, new DatabaseTimeoutError(limit)),
      limit,
    );
    timer.unref();
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        clearTimeout(timer);
        (callback as QueryFunction)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (isThenable(result)) return result.finally(() => clearTimeout(timer));
    // A submittable (cursor, stream) reports on its own; the service uses none.
    clearTimeout(timer);
    return result;
  };
  (client as unknown as { query: QueryFunction }).query = limited;
}
