import { resolve } from 'node:path';
import type { DatabaseHandle } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { CommandContext } from './command.ts';

/*
 * Shared by the db:* commands, which work on the database as it is rather
 * than on the services (which migrate it first).
 */

/** Where the configured database lives, without credentials. */
export function describeDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): string {
  const url = env.DATABASE_URL;
  if (!url) return `embedded PGlite database in ${resolve(env.DATA_DIR, 'pglite')}`;
  if (url.toLowerCase() === 'memory://') return 'in-memory PGlite database';
  try {
    const parsed = new URL(url);
    const searchPath = /search_path=([^\s]+)/.exec(parsed.searchParams.get('options') ?? '')?.[1];
    return `PostgreSQL ${parsed.host}${parsed.pathname}${searchPath ? ` (schema ${searchPath})` : ''}`;
  } catch {
    return 'the database in DATABASE_URL';
  }
}

export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Connecting to "localhost" tries every address and reports them together.
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(errorMessage))].join('; ');
  }
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${typeof code === 'string' ? ` [${code}]` : ''}${cause}`;
}

/**
 * Opens the configured database, says which it is, runs `work` on it and
 * closes it; resolves to the exit code, a failure being reported as the
 * command's own.
 */
export async function runOnDatabase(
  name: string,
  { io, env, withDatabase }: CommandContext,
  work: (database: DatabaseHandle) => Promise<void>,
): Promise<number> {
  try {
    await withDatabase(async (database) => {
      await database.ping();
      io.out(`${name}: using the ${describeDatabase(env)}`);
      await work(database);
    });
    return 0;
  } catch (error) {
    io.err(`${name} failed: ${errorMessage(error)}`);
    if (!env.DATABASE_URL) {
      io.err('If the server is running on the same data directory, stop it and try again.');
    }
    return 1;
  }
}
