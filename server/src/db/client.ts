import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withoutConnectionClient } from '../lib/database-errors.ts';
import { lockEmbeddedDirectory } from './embedded-lock.ts';
import { limitQueryTime } from './query-time-limit.ts';
import * as schema from './schema.ts';

/**
 * What `db.execute()` resolves to on both drivers: node-postgres and PGlite
 * results differ, but both carry `rows`, and that is all callers may rely on.
 */
export interface QueryRows<TRow> {
  rows: TRow[];
}

export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}

export type Schema = typeof schema;

/** The Drizzle database, whichever driver is behind it; `db.query.*` works. */
export type Database = PgDatabase<QueryResultHKT, Schema>;

/** A transaction handed to `db.transaction(...)`; it is also a {@link Database}. */
export type Transaction = PgTransaction<QueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Where the job engine (server/src/modules/jobs) keeps its queues: the same
 * embedded instance, or the same PostgreSQL server through a pool of its own.
 */
export type JobStoreTarget = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  jobStore: JobStoreTarget;
  /** Resolves when the database answers a trivial query; throws when it is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's occupancy; PostgreSQL only, PGlite being a single connection. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries queued for a connection. */
  waiting: number;
}

export interface OpenDatabaseOptions {
  /** Empty: PGlite in `${dataDir}/pglite`; `memory://`: PGlite in memory; `postgres://`: PostgreSQL. */
  url?: string;
  dataDir: string;
  /** Connections per process for PostgreSQL (default 10). */
  poolSize?: number;
  /** Errors of idle PostgreSQL connections (the server restarted, the network dropped). */
  onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL only: how long to wait for a new connection (default 10 s)
   * and, when set, for the answer to any one query outside a dedicated
   * connection, after which the connection is dropped (query-time-limit.ts).
   */
  timeoutMs?: number;
}

/** Waiting for a new PostgreSQL connection fails after this long unless `timeoutMs` says otherwise. */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

type RunOnConnection = <T>(fn: (db: Database) => Promise<T>) => Promise<T>;

// Keyed by the Database object rather than the handle so that handles which
// wrap or spread another one (tests add a `url`) keep working.
const dedicatedConnections = new WeakMap<Database, RunOnConnection>();

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;
const MEMORY_URL = 'memory://';

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const url = options.url?.trim() ?? '';
  if (url === '') {
    const directory = path.resolve(options.dataDir, 'pglite');
    await mkdir(directory, { recursive: true });
    const release = await lockEmbeddedDirectory(directory);
    let handle: DatabaseHandle;
    try {
      handle = await openEmbeddedDatabase({ directory });
    } catch (error) {
      await release();
      throw error;
    }
    let closing: Promise<void> | undefined;
    return {
      ...handle,
      close() {
        closing ??= handle.close().finally(release);
        return closing;
      },
    };
  }
  if (url.toLowerCase() === MEMORY_URL) return openEmbeddedDatabase({});
  if (POSTGRES_URL.test(url)) return openPostgres(url, options);
  // Only the scheme is echoed: the rest of a URL may hold a password.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  throw new Error(
    `Unsupported DATABASE_URL${scheme ? ` scheme "${scheme}:"` : ''}: use postgres:// or ` +
      'postgresql:// for PostgreSQL, memory:// for a throw-away in-memory database, or leave ' +
      'it empty for the embedded database under DATA_DIR.',
  );
}

export interface EmbeddedDatabaseOptions {
  /** Where PGlite keeps its files; in memory when absent. */
  directory?: string;
  /** A data directory made by `dumpDataDir`, to start from instead of an empty cluster. */
  loadDataDir?: Blob;
}

/** PGlite behind a {@link DatabaseHandle}; `pglite` is there for dumps and diagnostics. */
export async function openEmbeddedDatabase(
  options: EmbeddedDatabaseOptions,
): Promise<DatabaseHandle & { pglite: PGlite }> {
  const client = await PGlite.create({
    ...(options.directory === undefined ? {} : { dataDir: options.directory }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
  const db: Database = drizzlePglite({ client, schema });
  // PGlite is a single connection; it already is the dedicated one.
  dedicatedConnections.set(db, (fn) => fn(db));
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    jobStore: { kind: 'pglite', pglite: client },
    pglite: client,
    async ping() {
      if (client.closed) throw new Error('The embedded database is closed');
      await client.query('select 1');
    },
    close() {
      closing ??= client.closed ? Promise.resolve() : client.close();
      return closing;
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Fail fast instead of queueing forever when PostgreSQL is down, so
    // requests can answer 503 and health checks report the outage.
    connectionTimeoutMillis: options.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: 'webpay',
  });
  // Without a listener an idle client's error would crash the process; the
  // next query reports the outage instead. pg-pool attaches the client to
  // the error, and the client holds the connection's cancel key: not for logs.
  pool.on('error', (error) => {
    options.onPoolError?.(withoutConnectionClient(error));
  });
  // Clients waiting on purpose (advisory locks on a dedicated connection) have no query limit.
  const unlimited = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    // The pool listens for errors of idle clients only. A client checked out
    // for a transaction whose connection drops emits 'error' too, and without
    // a listener that kills the process; its query in flight fails with the
    // same error, and that is where it is handled (503).
    client.on('error', () => undefined);
    const { timeoutMs } = options;
    if (timeoutMs) limitQueryTime(client, () => (unlimited.has(client) ? 0 : timeoutMs));
  });
  const db: Database = drizzleNodePostgres({ client: pool, schema });

  dedicatedConnections.set(db, async (fn) => {
    const client = await pool.connect();
    unlimited.add(client);
    let failed = false;
    try {
      return await fn(drizzleNodePostgres({ client, schema }));
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // A connection that saw an error may still hold session state (locks,
      // an aborted transaction); destroying it is the only safe cleanup.
      unlimited.delete(client);
      client.release(failed);
    }
  });

  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    jobStore: { kind: 'postgres', url },
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/**
 * Runs `fn` on one connection held for its whole duration, for work that
 * needs session state such as advisory locks.
 */
export async function withDedicatedConnection<T>(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  fn: (db: Database) => Promise<T>,
): Promise<T> {
  const run = dedicatedConnections.get(handle.db);
  if (run) return run(fn);
  if (handle.kind === 'pglite') return fn(handle.db);
  throw new Error('This database handle was not made by openDatabase');
}

/** The schema unqualified names resolve to; throws when the search_path names none that exists. */
export async function currentSchema(db: Database): Promise<string> {
  const result = await db.execute<{ schema: string | null }>(
    sql`select current_schema() as schema`,
  );
  const name = result.rows[0]?.schema;
  if (!name) {
    throw new Error(
      'No schema of the search_path exists: create the schema or fix the search_path option',
    );
  }
  return name;
}
