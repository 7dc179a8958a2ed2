import { tmpdir } from 'node:os';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, guarantors, statements } from '../../db/schema.ts';
import { DEMO_GUARANTOR_LIST, DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { loadEnv, type Env } from '../../env.ts';
import { verifyPin } from '../../lib/secrets.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { databaseCliRunner } from '../../../test/support/cli.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('webpay db:reset (%s)', (kind) => {
  let database: TestDatabase;
  let env: Env;
  const run = databaseCliRunner(() => ({ env, database }));
  const inProduction = databaseCliRunner(() => ({
    env: { ...env, NODE_ENV: 'production' },
    database,
  }));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: database.url, DATA_DIR: tmpdir() });
  });

  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;
  const auditCount = async () =>
    (await db().select({ count: count() }).from(auditEvents))[0]?.count;

  /** What a reset must undo: an audit event, and Maria without a PIN. */
  const scribble = async () => {
    await db().insert(auditEvents).values({
      action: 'test.marker',
      outcome: 'success',
      actorType: 'system',
    });
    await db()
      .update(guarantors)
      .set({ pinHash: null })
      .where(eq(guarantors.accountNumber, maria.accountNumber));
  };

  const mariaPinHash = async () =>
    (
      await db()
        .select({ pinHash: guarantors.pinHash })
        .from(guarantors)
        .where(eq(guarantors.accountNumber, maria.accountNumber))
    )[0]?.pinHash;

  it('refuses to run with NODE_ENV=production without --force, and changes nothing', async () => {
    await scribble();
    const { code, out, err } = await inProduction('db:reset');
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'db:reset refuses to run with NODE_ENV=production: it deletes every guarantor, payment and audit record. Pass --force if this really is what you want.',
    ]);
    expect(await auditCount()).toBe(1);
    expect(await mariaPinHash()).toBeNull();
  });

  it('drops everything, loads the demo data as of --today and prints the demo sign-ins', async () => {
    const { code, out, err } = await run('db:reset', '--today', '2026-03-10');
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^db:reset: using the /);
    expect(out.slice(1)).toEqual([
      'db:reset: dropped all tables, migrated again and loaded the demo data as of 2026-03-10',
      ...DEMO_GUARANTOR_LIST.map(
        (demo) =>
          `  ${demo.firstName} ${demo.lastName}: account ${demo.accountNumber}, PIN ${demo.pin}`,
      ),
      ...Object.values(DEMO_STAFF).map(
        (member) =>
          `  ${member.name} (billing office, ${member.role}): ${member.email}, password ${member.password}, TOTP key ${member.totpSecret}`,
      ),
    ]);
    expect(await auditCount()).toBe(0);
    expect(await verifyPin(maria.pin, (await mariaPinHash()) ?? '')).toBe(true);
    const dates = await db().select({ date: statements.statementDate }).from(statements);
    expect(dates.every(({ date }) => date <= '2026-03-10')).toBe(true);
    expect(dates.some(({ date }) => date.startsWith('2026-'))).toBe(true);
  });

  it('runs with NODE_ENV=production when forced', async () => {
    await scribble();
    const { code, out } = await inProduction('db:reset', '--force');
    expect(code).toBe(0);
    expect(out[1]).toBe('db:reset: dropped all tables, migrated again and loaded the demo data');
    expect(await auditCount()).toBe(0);
    expect(await mariaPinHash()).toMatch(/^scrypt\$/);
  });

  it('rejects a --today that is not a calendar date', async () => {
    const { code, out, err } = await run('db:reset', '--today', '2026-02-30');
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'db:reset: --today: The demo "today" must be a real calendar date as YYYY-MM-DD, got "2026-02-30"',
    ]);
  });

  it('explains itself with --help', async () => {
    const { code, out } = await run('db:reset', '--help');
    expect(code).toBe(0);
    expect(out[0]).toBe('Usage: webpay db:reset [--today YYYY-MM-DD] [--force]');
    expect(out.join('\n')).toContain('NODE_ENV=production');
  });
});
