import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/database.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import {
  applyMigrations,
  loadMigrations,
  migrateDatabase,
  MIGRATIONS_TABLE,
  MigrationChecksumError,
  parseMigration,
} from './migrate.ts';
import { MIGRATIONS_DIR } from '../install-root.ts';

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() order by table_name`,
  );
  return result.rows.map((row) => row.name);
}

async function appliedRows(handle: DatabaseHandle) {
  const result = await handle.db.execute<{ name: string; checksum: string }>(
    sql.raw(`select name, checksum from ${MIGRATIONS_TABLE} order by name`),
  );
  return result.rows;
}

describe('committed migrations', () => {
  it('are listed in the journal and schema-relative', async () => {
    const migrations = await loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
    expect(migrations.map((migration) => `${migration.name}.sql`)).toEqual(files);
    for (const file of files) {
      const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      expect(text, file).not.toMatch(/"public"\./);
    }
  });

  it('checksums ignore line-ending style only', () => {
    const unix = parseMigration('x', 'create table a (id int);\n');
    const windows = parseMigration('x', 'create table a (id int);\r\n');
    const edited = parseMigration('x', 'create table a (id bigint);\n');
    expect(windows.checksum).toBe(unix.checksum);
    expect(edited.checksum).not.toBe(unix.checksum);
  });
});

describe.each(testDatabaseKinds)('migrateDatabase on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('applies every migration once and is idempotent', async () => {
    database = await createTestDatabase(kind, { seed: false });
    const migrations = await loadMigrations();
    // createTestDatabase already migrated: nothing is left to do.
    await expect(migrateDatabase(database)).resolves.toEqual({ applied: [] });
    expect(await appliedRows(database)).toEqual(
      migrations.map(({ name, checksum }) => ({ name, checksum })),
    );
    const tables = await tableNames(database);
    expect(tables).toEqual(
      expect.arrayContaining([
        'guarantors',
        'encounters',
        'payment_plans',
        'payments',
        'statements',
        MIGRATIONS_TABLE,
      ]),
    );
    await expect(migrateDatabase(database)).resolves.toEqual({ applied: [] });
  });

  it('refuses to run when an applied migration changed', async () => {
    database = await createTestDatabase(kind, { seed: false });
    const [first] = await loadMigrations();
    if (!first) throw new Error('no migrations');
    await database.db.execute(
      sql`update ${sql.identifier(MIGRATIONS_TABLE)} set checksum = 'tampered' where name = ${first.name}`,
    );
    const outcome = migrateDatabase(database);
    await expect(outcome).rejects.toBeInstanceOf(MigrationChecksumError);
    await expect(outcome).rejects.toThrow(first.name);
  });

  it('applies new migrations in order, each in its own transaction', async () => {
    database = await createTestDatabase(kind, { seed: false });
    const committed = await loadMigrations();
    const log: string[] = [];
    const extra = [
      parseMigration(
        '9001_extra_a',
        'create table extra_a (id int primary key);\n--> statement-breakpoint\ninsert into extra_a values (1);',
      ),
      parseMigration('9002_extra_b', 'create table extra_b (id int references extra_a (id));'),
    ];
    await expect(
      applyMigrations(database, [...committed, ...extra], (line) => log.push(line)),
    ).resolves.toEqual({ applied: ['9001_extra_a', '9002_extra_b'] });
    expect(log).toHaveLength(2);
    expect(log[0]).toContain('9001_extra_a');

    const broken = parseMigration(
      '9003_broken',
      'create table extra_c (id int);\n--> statement-breakpoint\nselect * from no_such_table;',
    );
    await expect(applyMigrations(database, [...committed, ...extra, broken])).rejects.toThrow();
    // The failed migration left nothing behind and is not recorded.
    expect(await tableNames(database)).not.toContain('extra_c');
    expect((await appliedRows(database)).map((row) => row.name)).not.toContain('9003_broken');
    // The lock was released: the database can still be migrated.
    await expect(migrateDatabase(database)).resolves.toEqual({ applied: [] });
  });

  it('applies each migration exactly once when runs overlap', async () => {
    database = await createTestDatabase(kind, { seed: false });
    const committed = await loadMigrations();
    const slow = parseMigration(
      '9101_slow',
      'create table slow_one (id int);\n--> statement-breakpoint\nselect pg_sleep(0.3);',
    );
    const runs = await Promise.all([
      applyMigrations(database, [...committed, slow]),
      applyMigrations(database, [...committed, slow]),
    ]);
    expect(runs.flatMap((run) => run.applied)).toEqual(['9101_slow']);
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('migrateDatabase across processes', () => {
  it('two pools migrating one fresh schema together apply each migration once', async () => {
    const database = await createTestDatabase('postgres', { seed: false });
    const handles: DatabaseHandle[] = [];
    try {
      // Empty the test schema again, keeping the URL whose search_path points at it.
      const tables = await tableNames(database);
      await database.db.execute(
        sql.raw(`drop table if exists ${tables.map((name) => `"${name}"`).join(', ')} cascade`),
      );
      for (let i = 0; i < 2; i += 1) {
        handles.push(await openDatabase({ url: database.url, dataDir: '.', poolSize: 2 }));
      }
      const runs = await Promise.all(handles.map((handle) => migrateDatabase(handle)));
      const migrations = await loadMigrations();
      expect(runs.flatMap((run) => run.applied).sort()).toEqual(
        migrations.map((migration) => migration.name).sort(),
      );
      expect(await appliedRows(database)).toHaveLength(migrations.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.close();
    }
  });
});
