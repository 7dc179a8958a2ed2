import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test/support/database.ts';
import { currentSchema, openDatabase } from './client.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'webpay-client-test-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('rejects other URL schemes without echoing the URL', async () => {
    const outcome = openDatabase({ url: 'mysql://admin:s3cret@db.example.com/webpay', dataDir });
    await expect(outcome).rejects.toThrow(/Unsupported DATABASE_URL scheme "mysql:"/);
    await expect(outcome).rejects.not.toThrow(/s3cret/);
    await expect(openDatabase({ url: 'not a url', dataDir })).rejects.toThrow(/postgres:\/\//);
  });

  it('opens PGlite in memory for memory://', async () => {
    const handle = await openDatabase({ url: 'memory://', dataDir });
    try {
      expect(handle.kind).toBe('pglite');
      await expect(handle.ping()).resolves.toBeUndefined();
      const result = await handle.db.execute<{ answer: number }>(sql`select 42 as answer`);
      expect(result.rows).toEqual([{ answer: 42 }]);
    } finally {
      await handle.close();
    }
    await expect(handle.close()).resolves.toBeUndefined();
    await expect(handle.ping()).rejects.toThrow();
  });

  it('persists PGlite under DATA_DIR/pglite when no URL is given', async () => {
    const first = await openDatabase({ url: '  ', dataDir });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    expect((await stat(path.join(dataDir, 'pglite'))).isDirectory()).toBe(true);

    const second = await openDatabase({ dataDir });
    try {
      const result = await second.db.execute<{ value: string }>(sql`select value from kept`);
      expect(result.rows).toEqual([{ value: 'still here' }]);
    } finally {
      await second.close();
    }
  });

  it('keeps a second opener out of an embedded database in use, and takes over a stale lock', async () => {
    const lockDir = await mkdtemp(path.join(os.tmpdir(), 'webpay-lock-test-'));
    try {
      const first = await openDatabase({ dataDir: lockDir });
      await expect(openDatabase({ dataDir: lockDir })).rejects.toThrow(
        /is in use by another process/,
      );
      await first.close();

      // A lock left behind by a process that no longer runs does not stand in the way.
      const lockFile = path.join(lockDir, 'pglite.lock');
      await writeFile(lockFile, '2147483646\n');
      const second = await openDatabase({ dataDir: lockDir });
      expect(await readFile(lockFile, 'utf8')).toBe(`${process.pid}\n`);
      await second.close();
      await expect(stat(lockFile)).rejects.toThrow();
    } finally {
      await rm(lockDir, { recursive: true, force: true });
    }
  });

  it('reports an unreachable PostgreSQL server from ping, not from open', async () => {
    const handle = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', dataDir });
    try {
      expect(handle.kind).toBe('postgres');
      await expect(handle.ping()).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('openDatabase on PostgreSQL', () => {
  it('honours the search_path given in the URL options', async () => {
    const database = await createTestDatabase('postgres', { seed: false });
    try {
      const schema = new URL(database.url).searchParams.get('options')?.split('=').at(-1);
      expect(schema).toMatch(/^webpay_test_/);
      const handle = await openDatabase({
        url: database.url.replace(/^postgres:/, 'postgresql:'),
        dataDir,
      });
      try {
        expect(handle.kind).toBe('postgres');
        await expect(handle.ping()).resolves.toBeUndefined();
        expect(await currentSchema(handle.db)).toBe(schema);
      } finally {
        await handle.close();
      }
    } finally {
      await database.close();
    }
  });
});
