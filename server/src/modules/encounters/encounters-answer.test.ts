import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import {
  encounters,
  guarantors,
  paymentPlans,
  payments,
  pendingPayments,
  planInstalments,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { encountersAnswerJson } from './encounters-answer.ts';
import { EncountersRepository } from './encounters.repository.ts';
import { assembleEncounters } from './encounters.service.ts';

/*
 * GET /encounters's answer is written by the database; the console and the
 * statements' reconciliation assemble the same answer from rows in memory.
 * For every demo guarantor and for crafted accounts covering each rule
 * (pending payments on an encounter, a plan, the account; plan encounters;
 * closed plans and encounters; applied payments; ties; amounts at the
 * edges), the two must agree, key order included.
 */

const CRAFTED = 'crafted-guarantor';
const EMPTY = 'empty-guarantor';

async function insertGuarantor(db: TestDatabase['db'], id: string, n: number) {
  await db.insert(guarantors).values({
    id,
    accountNumber: `9900000${n}`,
    mmi: `99000${n}`,
    firstName: 'Pat',
    lastName: 'Crafted',
    birthdate: '1980-01-01',
  });
}

const encounter = (id: string, fields: Partial<typeof encounters.$inferInsert> = {}) => ({
  id,
  guarantorId: CRAFTED,
  facilityId: '107',
  accountNumber: id,
  patientName: 'Pat Crafted',
  status: 'self_pay',
  admitDate: '2026-03-01',
  balanceCents: 1_000,
  type: 'ENT' as const,
  ...fields,
});

const plan = (id: string, fields: Partial<typeof paymentPlans.$inferInsert> = {}) => ({
  id,
  guarantorId: CRAFTED,
  planNumber: id.toUpperCase(),
  version: 1,
  type: 'Auto' as const,
  status: 'Active' as const,
  nextDueDate: '2026-12-01',
  dueCents: 5_001,
  overdueCents: 0,
  regularPaymentCents: 5_001,
  currentBalanceCents: 30_010,
  numberOfPayments: 3,
  ...fields,
});

let pendingCount = 0;
const pending = (fields: Partial<typeof pendingPayments.$inferInsert>) => ({
  id: `pending-${(pendingCount += 1)}`,
  guarantorId: CRAFTED,
  receiptId: `R-${pendingCount}`,
  paidOn: '2026-11-01',
  amountCents: 1_005,
  ...fields,
});

/** Every rule the answer follows, on one account. */
async function insertCraftedAccount(db: TestDatabase['db']) {
  await insertGuarantor(db, CRAFTED, 1);
  await insertGuarantor(db, EMPTY, 2);
  await db
    .insert(paymentPlans)
    .values([
      plan('plan-b', { nextDueDate: null, overdueCents: 2_147_483_647, version: 2 }),
      plan('plan-a', { type: 'Mail-in', status: 'Broken', dueCents: 10 }),
      plan('plan-closed', { closedAt: new Date() }),
    ]);
  await db.insert(planInstalments).values([
    { id: 'i-a2', planId: 'plan-a', number: 2, dueDate: '2026-12-01', amountCents: 1 },
    {
      id: 'i-a1',
      planId: 'plan-a',
      number: 1,
      dueDate: '2026-11-01',
      amountCents: 1_250,
      completedAt: '2026-11-02',
    },
    { id: 'i-c1', planId: 'plan-closed', number: 1, dueDate: '2026-11-01', amountCents: 500 },
  ]);
  await db
    .insert(encounters)
    .values([
      encounter('e-other', { facilityId: '153', type: 'EXAR', balanceCents: 1_200 }),
      encounter('e-no-date', { admitDate: null, balanceCents: 5 }),
      encounter('e-listed', { balanceCents: 31_045 }),
      encounter('e-earlier', { admitDate: '2026-01-01', balanceCents: 0 }),
      encounter('e-in-a2', { planId: 'plan-a', status: 'payment_plan', admitDate: '2026-02-01' }),
      encounter('e-in-a1', { planId: 'plan-a', status: 'payment_plan', admitDate: null }),
      encounter('e-in-closed', { planId: 'plan-closed', balanceCents: 10 }),
      encounter('e-closed', { closedAt: new Date() }),
    ]);
  const [portalPayment] = await db.select({ id: payments.id }).from(payments).limit(1);
  await db
    .insert(pendingPayments)
    .values([
      pending({ encounterId: 'e-listed', paidOn: '2026-11-03', receiptId: 'R-B' }),
      pending({ encounterId: 'e-listed', paidOn: '2026-11-03', receiptId: 'R-A', amountCents: 1 }),
      pending({ encounterId: 'e-listed', paidOn: '2026-10-30', paymentId: portalPayment?.id }),
      pending({ encounterId: 'e-in-a1', receiptId: 'R-SAME' }),
      pending({ encounterId: 'e-in-a1', receiptId: 'R-SAME', amountCents: 2_000 }),
      pending({ planId: 'plan-a', amountCents: 24_600 }),
      pending({ planId: 'plan-closed' }),
      pending({ encounterId: 'e-closed' }),
      pending({ encounterId: 'e-listed', appliedAt: new Date() }),
      pending({ amountCents: 2_500, paymentId: portalPayment?.id }),
      pending({ amountCents: 10, paidOn: '2026-10-01' }),
    ]);
  // Another guarantor's payment on this account's encounter is no part of its answer.
  await db.insert(pendingPayments).values({
    ...pending({ encounterId: 'e-listed' }),
    guarantorId: EMPTY,
  });
}

describe.each(testDatabaseKinds)('the database-written GET /encounters answer (%s)', (kind) => {
  let database: TestDatabase;
  let repository: EncountersRepository;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repository = new EncountersRepository(database.db);
    await insertCraftedAccount(database.db);
  });

  afterAll(async () => {
    await database?.close();
  });

  /** The answer's text as the database writes it. */
  async function answerText(guarantorId: string): Promise<string> {
    const rows = await database.db.execute<{ answer: string }>(
      sql`select ${encountersAnswerJson(sql`${guarantorId}::text`)}::text as answer`,
    );
    const [row] = 'rows' in rows ? rows.rows : rows;
    if (!row) throw new Error('no answer');
    return row.answer;
  }

  async function idOf(accountNumber: string): Promise<string> {
    const rows = await database.db
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(sql`${guarantors.accountNumber} = ${accountNumber}`);
    const id = rows[0]?.id;
    if (!id) throw new Error(`no guarantor ${accountNumber}`);
    return id;
  }

  async function expectAgreement(guarantorId: string) {
    const text = await answerText(guarantorId);
    const assembled = assembleEncounters(await repository.openBills(guarantorId));
    // Same values, same keys present, same order, same numbers.
    expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(assembled));
    return { text, answer: JSON.parse(text) as unknown };
  }

  it.each(Object.values(DEMO_GUARANTORS).map((guarantor) => [guarantor.key, guarantor]))(
    'agrees with the assembled answer for %s',
    async (_key, guarantor) => {
      await expectAgreement(await idOf(guarantor.accountNumber));
    },
  );

  it('agrees on a crafted account with every rule, and lists what the rules say', async () => {
    const { answer } = await expectAgreement(CRAFTED);
    expect(answer).toMatchObject({
      encounters: [
        { accountNumber: 'e-earlier', balance: 0 },
        { accountNumber: 'e-in-closed', balance: 0.1 },
        {
          accountNumber: 'e-listed',
          balance: 310.45,
          pendingPayments: [
            { date: '2026-10-30', madeInPortal: true },
            { receiptId: 'R-A', amount: 0.01 },
            { receiptId: 'R-B', amount: 10.05, madeInPortal: false },
          ],
        },
        { accountNumber: 'e-no-date', admitDate: null, balance: 0.05 },
        { accountNumber: 'e-other', balance: 12, type: 'EXAR' },
      ],
      paymentPlans: [
        {
          id: 'PLAN-A',
          dueAmount: 0.1,
          amortization: [
            { number: 1, amount: 12.5, completedAt: '2026-11-02' },
            { number: 2, amount: 0.01, completedAt: null },
          ],
          encounters: [{ accountNumber: 'e-in-a2' }, { accountNumber: 'e-in-a1' }],
          pendingPayments: [{ amount: 246 }],
        },
        { id: 'PLAN-B', nextDueDate: null, overdueAmount: 21_474_836.47, amortization: [] },
      ],
      pendingPayments: [
        { amount: 0.1, date: '2026-10-01' },
        { amount: 25, madeInPortal: true },
      ],
    });
    const { encounters: listed, paymentPlans: plans } = answer as {
      encounters: object[];
      paymentPlans: object[];
    };
    expect(listed[0]).not.toHaveProperty('pendingPayments');
    expect(plans[1]).not.toHaveProperty('pendingPayments');
    expect((plans[0] as { encounters: object[] }).encounters[1]).toHaveProperty('pendingPayments', [
      expect.objectContaining({ receiptId: 'R-SAME', amount: 10.05 }),
      expect.anything(),
    ]);
  });

  it('answers empty lists for a guarantor with nothing open, and nothing pending', async () => {
    const { answer } = await expectAgreement(EMPTY);
    expect(answer).toStrictEqual({ encounters: [], paymentPlans: [] });
  });

  it('writes only what the response schema declares, as its serializer would', async () => {
    for (const id of [CRAFTED, await idOf(DEMO_GUARANTORS.robert.accountNumber)]) {
      const { answer } = await expectAgreement(id);
      const written = serializerCompiler({
        schema: encountersResponseSchema,
        method: 'GET',
        url: '/',
      })(answer);
      expect(JSON.parse(written)).toStrictEqual(answer);
    }
  });
});
