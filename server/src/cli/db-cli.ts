import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

/*
 * Shared by the db:* commands. npm runs workspace scripts with cwd=server,
 * so a relative DATA_DIR is read from the repository root, the same folder
 * the server uses.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface DatabaseTarget {
  url: string | undefined;
  dataDir: string;
  /** Where the data lives, without credentials. */
  description: string;
}

export function databaseTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim() || undefined;
  const rawDataDir = env.DATA_DIR?.trim() || './data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(REPO_ROOT, rawDataDir);
  return { url, dataDir, description: describe(url, dataDir) };
}

function describe(url: string | undefined, dataDir: string): string {
  if (!url) return `embedded PGlite database in ${resolve(dataDir, 'pglite')}`;
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

/** Opens the configured database, runs `work`, closes it, and sets the exit code. */
export async function runDatabaseCommand(
  name: string,
  work: (handle: DatabaseHandle, target: DatabaseTarget) => Promise<void>,
): Promise<void> {
  const target = databaseTarget();
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ url: target.url, dataDir: target.dataDir });
    await handle.ping();
    console.info(`${name}: using the ${target.description}`);
    await work(handle, target);
  } catch (error) {
    console.error(`${name} failed: ${errorMessage(error)}`);
    if (!target.url) {
      console.error('If the server is running on the same data directory, stop it and try again.');
    }
    process.exitCode = 1;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
