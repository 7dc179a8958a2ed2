import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, openEmbeddedDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { jobSchemaFor } from '../../src/db/job-store.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { seedReferenceData } from '../../src/db/reference-data.ts';
import { todayIso } from '../../src/demo/calendar.ts';
import { seedDemoDataIfEmpty } from '../../src/demo/seed.ts';

/*
 * Every server test gets its own database: PGlite in memory always, and a
 * fresh PostgreSQL schema as well when TEST_DATABASE_URL is set. Both come
 * migrated, with the facilities and (unless asked otherwise) the demo data.
 */

export type TestDatabaseKind = 'pglite' | 'postgres';

export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface CreateTestDatabaseOptions {
  /** Load the demo guarantors (default true). */
  seed?: boolean;
  /** The demo data's "today", YYYY-MM-DD (default: today in UTC). */
  today?: string;
  /**
   * PostgreSQL only: leave the schema empty, for tests of what servers do
   * to a new database when they start (default true: migrated).
   */
  migrate?: boolean;
}

export type TestDatabase = DatabaseHandle & { url: string };

export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const setup = {
    seed: options.seed ?? true,
    today: options.today ?? todayIso(),
    migrate: options.migrate ?? true,
  };
  if (kind === 'pglite' && !setup.migrate) throw new Error('an empty schema is for PostgreSQL');
  return kind === 'pglite' ? createPgliteDatabase(setup) : createPostgresDatabase(setup);
}

interface Setup {
  seed: boolean;
  today: string;
  migrate: boolean;
}

async function prepare(handle: DatabaseHandle, setup: Setup): Promise<void> {
  await migrateDatabase(handle);
  await seedReferenceData(handle.db);
  if (setup.seed) await seedDemoDataIfEmpty(handle.db, { today: setup.today });
}

// ---------------------------------------------------------------------------
// PGlite: starting an empty cluster costs seconds, loading a data directory
// under one. The first database of each kind is dumped and later ones start
// from that dump; the dump is also kept on disk, keyed by everything it was
// built from, so each test file (a separate process) does not rebuild it.
// ---------------------------------------------------------------------------

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const REPO_DIR = path.resolve(SERVER_DIR, '..');
const cacheEnabled = !['0', 'false', 'off'].includes(
  (process.env.WEBPAY_TEST_DB_CACHE ?? '').toLowerCase(),
);
const cacheDir = path.join(
  os.tmpdir(),
  `webpay-test-pglite-${createHash('sha256').update(REPO_DIR).digest('hex').slice(0, 12)}`,
);
const snapshots = new Map<string, Blob>();
let inputsFingerprint: string | undefined;

/** Hash of what a snapshot is built from: migrations, schema, seed code, contracts, PGlite. */
function snapshotInputsFingerprint(): string {
  if (inputsFingerprint) return inputsFingerprint;
  const hash = createHash('sha256');
  const add = (file: string) => hash.update(file).update(readFileSync(file));
  const addTree = (directory: string, accept: (name: string) => boolean) => {
    const files = readdirSync(directory, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && accept(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) add(file);
  };
  const source = (name: string) => name.endsWith('.ts') && !name.endsWith('.test.ts');
  addTree(path.join(SERVER_DIR, 'drizzle'), (name) => /\.(sql|json)$/.test(name));
  addTree(path.join(SERVER_DIR, 'src', 'db'), source);
  addTree(path.join(SERVER_DIR, 'src', 'demo'), source);
  add(path.join(SERVER_DIR, 'src', 'lib', 'secrets.ts'));
  // The demo staff's TOTP keys are sealed as the staff module seals them.
  add(path.join(SERVER_DIR, 'src', 'lib', 'sealed-text.ts'));
  add(path.join(SERVER_DIR, 'src', 'modules', 'staff', 'second-factor.ts'));
  addTree(path.join(REPO_DIR, 'contracts', 'src'), source);
  add(path.join(REPO_DIR, 'node_modules', '@electric-sql', 'pglite', 'package.json'));
  inputsFingerprint = hash.digest('hex').slice(0, 16);
  return inputsFingerprint;
}

const GZIP_TYPE = 'application/x-gzip';

function snapshotFile(setup: Setup, fingerprint: string): string {
  const contents = setup.seed ? 'seeded' : 'empty';
  return path.join(cacheDir, `${fingerprint}-${contents}-${setup.today}.tar.gz`);
}

async function storeSnapshot(file: string, fingerprint: string, dump: Blob): Promise<void> {
  try {
    await mkdir(cacheDir, { recursive: true });
    // Written aside and renamed, so a parallel test process never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    for (const name of await readdir(cacheDir)) {
      if (!name.startsWith(`${fingerprint}-`) && !name.endsWith('.partial')) {
        await rm(path.join(cacheDir, name), { force: true });
      }
    }
  } catch {
    // The cache only saves time; a read-only or full temp directory is not a test failure.
  }
}

async function createPgliteDatabase(setup: Setup): Promise<TestDatabase> {
  const key = `${setup.seed}:${setup.today}`;
  const known = snapshots.get(key);
  if (known) return testHandle(await openEmbeddedDatabase({ loadDataDir: known }));

  const fingerprint = cacheEnabled ? snapshotInputsFingerprint() : '';
  const file = snapshotFile(setup, fingerprint);
  const cached = cacheEnabled ? await readFile(file).catch(() => undefined) : undefined;
  if (cached) {
    const snapshot = new Blob([cached], { type: GZIP_TYPE });
    snapshots.set(key, snapshot);
    return testHandle(await openEmbeddedDatabase({ loadDataDir: snapshot }));
  }

  const handle = await openEmbeddedDatabase({});
  try {
    await prepare(handle, setup);
    const snapshot = await handle.pglite.dumpDataDir('gzip');
    snapshots.set(key, snapshot);
    if (cacheEnabled) await storeSnapshot(file, fingerprint, snapshot);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return testHandle(handle);
}

function testHandle(handle: DatabaseHandle): TestDatabase {
  return {
    db: handle.db,
    kind: handle.kind,
    jobStore: handle.jobStore,
    ping: handle.ping,
    close: handle.close,
    url: 'memory://',
  };
}

// ---------------------------------------------------------------------------
// PostgreSQL: a schema per test database, named with its creation time so
// schemas left behind by a killed run can be recognised and dropped later.
// ---------------------------------------------------------------------------

const SCHEMA_PREFIX = 'webpay_test_';
const STALE_SCHEMA_MS = 12 * 60 * 60 * 1000;
let staleSchemasPruned = false;

/** `url` with the connection's search_path set to `schema`, keeping any other options. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  const existing = parsed.searchParams.get('options');
  const option = `-c search_path=${schema}`;
  parsed.searchParams.set('options', existing ? `${existing} ${option}` : option);
  return parsed.toString();
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function pruneStaleSchemas(client: pg.Client): Promise<void> {
  if (staleSchemasPruned) return;
  staleSchemasPruned = true;
  const { rows } = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace where nspname like '${SCHEMA_PREFIX}%'`,
  );
  for (const { name } of rows) {
    const created = Number.parseInt(name.slice(SCHEMA_PREFIX.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(created) && Date.now() - created > STALE_SCHEMA_MS) {
      await client.query(`drop schema if exists ${quoteIdentifier(name)} cascade`);
    }
  }
}

async function createPostgresDatabase(setup: Setup): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set; PostgreSQL tests need it');
  const schema = `${SCHEMA_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(baseUrl, async (client) => {
    await pruneStaleSchemas(client);
    await client.query(`create schema ${quoteIdentifier(schema)}`);
  });
  const dropSchema = () =>
    withAdminClient(baseUrl, async (client) => {
      await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
      await client.query(`drop schema if exists ${quoteIdentifier(jobSchemaFor(schema))} cascade`);
    });

  const url = withSearchPath(baseUrl, schema);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url, dataDir: os.tmpdir(), poolSize: 5 });
  } catch (error) {
    await dropSchema();
    throw error;
  }
  try {
    if (setup.migrate) await prepare(handle, setup);
  } catch (error) {
    await handle.close();
    await dropSchema();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    db: handle.db,
    kind: handle.kind,
    jobStore: handle.jobStore,
    ping: handle.ping,
    ...(handle.poolStats ? { poolStats: handle.poolStats } : {}),
    url,
    close() {
      closing ??= handle.close().then(async () => {
        await dropSchema();
      });
      return closing;
    },
  };
}
