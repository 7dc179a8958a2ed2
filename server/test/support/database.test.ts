import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, withSearchPath } from './database.ts';

describe('withSearchPath', () => {
  it('adds the schema to the connection options and keeps everything else', () => {
    const url = withSearchPath(
      'postgres://app:pw@db.example.com:5433/webpay?sslmode=require&options=-c%20statement_timeout%3D5000',
      'run_1',
    );
    const parsed = new URL(url);
    expect(parsed.host).toBe('db.example.com:5433');
    expect(parsed.password).toBe('pw');
    expect(parsed.searchParams.get('sslmode')).toBe('require');
    expect(parsed.searchParams.get('options')).toBe(
      '-c statement_timeout=5000 -c search_path=run_1',
    );
  });
});

describe.each(testDatabaseKinds)('createTestDatabase on %s', (kind) => {
  it('gives every caller its own database', async () => {
    const [first, second] = await Promise.all([
      createTestDatabase(kind, { seed: false }),
      createTestDatabase(kind, { seed: false }),
    ]);
    try {
      await first.db.execute(sql`create table only_here (id int)`);
      const seen = await second.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables
            where table_schema = current_schema() and table_name = 'only_here'`,
      );
      expect(seen.rows[0]?.n).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('createTestDatabase on PostgreSQL', () => {
  it('drops its schema on close', async () => {
    const database = await createTestDatabase('postgres', { seed: false });
    const schema = /search_path=(\S+)/.exec(
      new URL(database.url).searchParams.get('options') ?? '',
    )?.[1];
    expect(schema).toMatch(/^webpay_test_/);
    await database.close();
    await database.close();
    const client = new pg.Client(process.env.TEST_DATABASE_URL);
    await client.connect();
    try {
      const { rows } = await client.query('select 1 from pg_namespace where nspname = $1', [
        schema,
      ]);
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
