import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { loadMigrations } from '../../db/migrate.ts';
import { facilities } from '../../db/schema.ts';
import { loadEnv, type Env } from '../../env.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { databaseCliRunner } from '../../../test/support/cli.ts';

describe('webpay db:migrate on an empty database', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let env: Env;
  const run = databaseCliRunner(() => ({ env, database }));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-db-migrate-'));
    env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: 'memory://', DATA_DIR: dataDir });
    database = await openDatabase({ url: env.DATABASE_URL, dataDir });
  });

  afterAll(async () => {
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('applies every migration and loads the facilities; run again, it changes nothing', async () => {
    const names = (await loadMigrations()).map((migration) => migration.name);
    const first = await run('db:migrate');
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out).toEqual([
      'db:migrate: using the in-memory PGlite database',
      ...names.map((name) => `Applied migration ${name} to schema "public"`),
      `db:migrate: applied ${names.length} migration(s): ${names.join(', ')}`,
      'db:migrate: facilities (reference data) are up to date',
    ]);
    expect((await database.db.select().from(facilities)).length).toBeGreaterThan(0);

    const second = await run('db:migrate');
    expect(second.code).toBe(0);
    expect(second.out).toEqual([
      'db:migrate: using the in-memory PGlite database',
      'db:migrate: the schema was already up to date',
      'db:migrate: facilities (reference data) are up to date',
    ]);
  });

  it('explains itself with --help', async () => {
    const { code, out } = await run('db:migrate', '--help');
    expect(code).toBe(0);
    expect(out[0]).toBe('Usage: webpay db:migrate');
    expect(out).toContain('Options:');
  });
});

describe.each(testDatabaseKinds)('webpay db:migrate (%s)', (kind) => {
  let database: TestDatabase;
  let env: Env;
  const run = databaseCliRunner(() => ({ env, database }));

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
    env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: database.url, DATA_DIR: tmpdir() });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('leaves a database that is up to date as it is', async () => {
    const { code, out, err } = await run('db:migrate');
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[1]).toBe('db:migrate: the schema was already up to date');
  });

  it('reports a database it cannot reach as its own failure', async () => {
    const unreachable = {
      ...database,
      ping: () => Promise.reject(new Error('connection refused')),
    };
    const embedded = { ...env, DATABASE_URL: undefined };
    const failing = databaseCliRunner(() => ({ env: embedded, database: unreachable }));
    const { code, out, err } = await failing('db:migrate');
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'db:migrate failed: connection refused',
      'If the server is running on the same data directory, stop it and try again.',
    ]);
  });
});
