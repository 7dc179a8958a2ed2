import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guarantors, paymentMethods } from '../../db/schema.ts';
import {
  openBankAccount,
  paymentMethodKeyring,
  sealBankAccount,
} from '../../lib/payment-method-keys.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { cliRunner } from '../../../test/support/cli.ts';

/** A value the test has just written; its absence is the failure. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

const base64Key = () => randomBytes(32).toString('base64');
const ACCOUNT = {
  routingNumber: '011000015',
  accountNumber: '55512345',
  accountType: 'SAVINGS',
} as const;

describe.each(testDatabaseKinds)('webpay reseal-payment-methods (%s)', (kind) => {
  let server: TestServer;
  const run = cliRunner(() => server);
  const oldKey = base64Key();
  const newKey = base64Key();

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { PAYMENT_METHOD_KEYS: `old=${oldKey}` } });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('re-seals accounts under the first key, and refuses when a named key is missing', async () => {
    const db = server.database.db;
    const [maria] = await db
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, DEMO_GUARANTORS.maria.accountNumber));
    const oldRing = paymentMethodKeyring(server.env.PAYMENT_METHOD_KEYS, server.env.JWT_SECRET);
    const sealed = sealBankAccount(oldRing, ACCOUNT);
    const id = randomUUID();
    await db.insert(paymentMethods).values({
      id,
      guarantorId: must(maria).id,
      kind: 'bank',
      brand: 'SAVINGS',
      last4: '2345',
      bankSealed: sealed.sealed,
      bankKeyId: sealed.keyId,
      holder: {},
      savedFrom: 'setup',
    });

    server.env = {
      ...server.env,
      PAYMENT_METHOD_KEYS: [{ id: 'new', keyHex: Buffer.from(newKey, 'base64').toString('hex') }],
    };
    const missing = await run('reseal-payment-methods');
    expect(missing.code).toBe(1);
    expect(missing.err.join('\n')).toContain('old');

    const newRing = [
      { id: 'new', keyHex: Buffer.from(newKey, 'base64').toString('hex') },
      ...oldRing,
    ];
    server.env = { ...server.env, PAYMENT_METHOD_KEYS: newRing };
    const dry = await run('reseal-payment-methods', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out.join('\n')).toContain('1 bank account(s) would be re-sealed');
    const [unchanged] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    expect(unchanged?.bankKeyId).toBe('old');

    const done = await run('reseal-payment-methods');
    expect(done.code).toBe(0);
    expect(done.out.join('\n')).toContain('1 of 1');
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    expect(row?.bankKeyId).toBe('new');
    expect(openBankAccount(newRing.slice(0, 1), must(row?.bankSealed), 'new')).toEqual(ACCOUNT);
  });
});
