import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  currentSchema,
  withDedicatedConnection,
  type Database,
  type DatabaseHandle,
} from './client.ts';
import { MIGRATIONS_DIR } from '../install-root.ts';
import { migrateJobStore } from './job-store.ts';

/*
 * A small migration runner instead of drizzle-orm's migrator: the SQL files
 * are schema-relative (tests give each run its own PostgreSQL schema), a
 * changed file must stop the service rather than be skipped silently, and
 * several instances starting together must not race.
 */

export const MIGRATIONS_TABLE = 'webpay_migrations';

/** First half of the advisory-lock key; the second is the schema, so schemas migrate independently. */
const MIGRATION_LOCK_KEY = 0x5750_4d47;
const STATEMENT_BREAKPOINT = '--> statement-breakpoint';

export interface Migration {
  name: string;
  checksum: string;
  statements: string[];
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** SHA-256 of the SQL with line endings normalised, so a CRLF checkout is not "tampering". */
export function migrationChecksum(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n'), 'utf8').digest('hex');
}

export function parseMigration(name: string, text: string): Migration {
  const statements = text
    .replace(/\r\n/g, '\n')
    .split(STATEMENT_BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
  return { name, checksum: migrationChecksum(text), statements };
}

/** The migrations of drizzle-kit's journal, in order. */
export async function loadMigrations(directory = MIGRATIONS_DIR): Promise<Migration[]> {
  const journalPath = path.join(directory, 'meta', '_journal.json');
  let journal: Journal;
  try {
    journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  } catch (error) {
    throw new Error(`Cannot read the migration journal ${journalPath}`, { cause: error });
  }
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return Promise.all(
    entries.map(async ({ tag }) =>
      parseMigration(tag, await readFile(path.join(directory, `${tag}.sql`), 'utf8')),
    ),
  );
}

// PGlite is one connection, where an advisory lock is re-entrant; calls in
// the same process queue here as well.
const inProcessQueues = new WeakMap<Database, Promise<unknown>>();

function queueInProcess<T>(db: Database, task: () => Promise<T>): Promise<T> {
  const previous = inProcessQueues.get(db) ?? Promise.resolve();
  const next = previous.then(task, task);
  inProcessQueues.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * Runs `fn` on one connection while holding the migration lock of the
 * current schema. Everything that changes the schema's tables goes through
 * here (migrations, resets), so they never interleave across processes.
 */
export function withMigrationLock<T>(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  fn: (db: Database, schema: string) => Promise<T>,
): Promise<T> {
  return queueInProcess(handle.db, () =>
    withDedicatedConnection(handle, async (db) => {
      const schema = await currentSchema(db);
      const key = sql`${MIGRATION_LOCK_KEY}::int, hashtext(${schema})`;
      await db.execute(sql`select pg_advisory_lock(${key})`);
      let result: T;
      try {
        result = await fn(db, schema);
      } catch (error) {
        // Keep the original error; a failed unlock is cleaned up by
        // discarding the connection.
        await db.execute(sql`select pg_advisory_unlock(${key})`).catch(() => undefined);
        throw error;
      }
      await db.execute(sql`select pg_advisory_unlock(${key})`);
      return result;
    }),
  );
}

export class MigrationChecksumError extends Error {
  constructor(readonly migration: string) {
    super(
      `Migration ${migration} was changed after it was applied. Applied migrations must never ` +
        'be edited: restore the file and add a new migration instead.',
    );
    this.name = 'MigrationChecksumError';
  }
}

/** Applies the given migrations that are not yet applied, each in its own transaction. */
export async function applyMigrations(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  migrations: readonly Migration[],
  log: (message: string) => void = () => undefined,
): Promise<{ applied: string[] }> {
  return withMigrationLock(handle, async (db, schema) => {
    await db.execute(
      sql.raw(`create table if not exists ${MIGRATIONS_TABLE} (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`),
    );
    const done = await db.execute<{ name: string; checksum: string }>(
      sql.raw(`select name, checksum from ${MIGRATIONS_TABLE} order by name`),
    );
    const recorded = new Map(done.rows.map((row) => [row.name, row.checksum]));

    // Every check happens before anything is applied: a tampered history
    // means nobody knows what the schema looks like.
    for (const migration of migrations) {
      const checksum = recorded.get(migration.name);
      if (checksum !== undefined && checksum !== migration.checksum) {
        throw new MigrationChecksumError(migration.name);
      }
    }
    const known = new Set(migrations.map((migration) => migration.name));
    const unknown = [...recorded.keys()].filter((name) => !known.has(name));
    if (unknown.length > 0) {
      // A newer release migrated this database; an older instance still
      // running during a rolling deploy must keep working.
      log(`Schema "${schema}" has migrations this release does not know: ${unknown.join(', ')}`);
    }

    const applied: string[] = [];
    for (const migration of migrations) {
      if (recorded.has(migration.name)) continue;
      await db.transaction(async (tx) => {
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`insert into ${sql.identifier(MIGRATIONS_TABLE)} (name, checksum) values (${migration.name}, ${migration.checksum})`,
        );
      });
      applied.push(migration.name);
      log(`Applied migration ${migration.name} to schema "${schema}"`);
    }
    return { applied };
  });
}

/**
 * Brings the database's current schema up to date with `server/drizzle/`,
 * and the job engine's tables beside it to this release's pg-boss.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  log?: (message: string) => void,
): Promise<{ applied: string[] }> {
  const result = await applyMigrations(handle, await loadMigrations(), log);
  await migrateJobStore(handle);
  return result;
}
