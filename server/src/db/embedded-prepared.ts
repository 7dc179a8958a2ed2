import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import pg from 'pg';

/*
 * node-postgres prepares a named statement once per connection. PGlite runs
 * every query as an unnamed statement, planned again each time, and for a
 * one-trip read the planning costs as much as the work; so on PGlite such a
 * statement is prepared with SQL's PREPARE, once, and run with EXECUTE.
 * EXECUTE takes no bound parameters, so its values go as literals quoted by
 * node-postgres.
 */

/** Runs a prepared statement with its values in parameter order. */
export type EmbeddedExecute = <R>(
  values: readonly unknown[],
  options?: QueryOptions,
) => Promise<R[]>;

function literal(value: unknown): string {
  return value === null || value === undefined ? 'null' : pg.escapeLiteral(String(value));
}

/** `text` (with $1… placeholders) prepared on first use as `name`, then executed. */
export function embeddedPrepared(client: PGlite, name: string, text: string): EmbeddedExecute {
  let prepared: Promise<unknown> | undefined;
  return async <R>(values: readonly unknown[], options?: QueryOptions) => {
    prepared ??= client.exec(`prepare ${name} as ${text}`);
    await prepared;
    const result = await client.query<R>(
      `execute ${name}(${values.map(literal).join(', ')})`,
      [],
      options,
    );
    return result.rows;
  };
}
