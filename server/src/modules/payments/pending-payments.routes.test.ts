import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import { ERROR_CODES } from '@webpay/contracts/errors';
import { PAYMENT_TYPE_LABELS, type PaymentLine } from '@webpay/contracts/payments';
import { payments } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  MARIA_LINES,
  MARIA_PAYER,
  countRows,
  errorOf,
  payAch,
  payByCard,
  receiptOf,
  startCard,
  startedCard,
} from '../../../test/support/payments.ts';

/*
 * Paying what is already pending (decision 0016): a line that pays more
 * than its balance less the portal payments pending on it is refused with
 * 409 unless the guarantor acknowledged them. Each test pays accounts no
 * other test here pays.
 */

const { maria, james } = DEMO_GUARANTORS;

const JAMES_PAYER = { ...MARIA_PAYER, firstName: 'James', lastName: 'Wilson', email: null };

/** An other-facility account as the portal builds its line (SPEC §9: the account number alone). */
const glLine = (facilityId: string, accountId: string, amount: number): PaymentLine => ({
  paymentType: PAYMENT_TYPE_LABELS.external,
  facilityId,
  accountId,
  amount,
});

describe.each(testDatabaseKinds)('paying what is already pending (%s)', (kind) => {
  let server: TestServer;
  let mariaToken: string;
  let jamesToken: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    mariaToken = await server.login(maria.accountNumber, maria.pin);
    jamesToken = await server.login(james.accountNumber, james.pin);
  });

  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;

  it('refuses a second $12.00 eCheck on the $12.00 of 153-80002 unless acknowledged, three times over', async () => {
    const daniel = () => ({ accounts: [glLine('153', '80002', 12)] });
    const first = await receiptOf(await payAch(server, mariaToken, daniel()));
    expect(first.amount).toBe(12);

    const paymentsBefore = await countRows(db(), 'payments');
    const second = await payAch(server, mariaToken, daniel());
    expect(second.status).toBe(409);
    const error = await errorOf(second);
    expect(error).toMatchObject({
      code: ERROR_CODES.pendingPaymentExists,
      title: 'Payment already pending',
    });
    expect(error.details).toEqual([
      'You already have $12.00 pending on account 153-80002, which has a balance of $12.00. Payments stay pending until the billing office applies them; pay again only if you mean to pay more.',
    ]);
    expect(await countRows(db(), 'payments')).toBe(paymentsBefore);

    const spanish = await payAch(server, mariaToken, daniel(), undefined, 'es');
    expect(spanish.status).toBe(409);
    const inSpanish = await errorOf(spanish);
    expect(inSpanish.title).toBe('Ya hay un pago en proceso');
    expect(inSpanish.details[0]).toContain('Ya tiene $12.00 en proceso en la cuenta 153-80002');

    const acknowledged = { ...daniel(), acknowledgePending: true };
    expect((await receiptOf(await payAch(server, mariaToken, acknowledged))).amount).toBe(12);
    const third = await payAch(server, mariaToken, daniel());
    expect((await errorOf(third)).details[0]).toContain('You already have $24.00 pending');
    expect((await receiptOf(await payAch(server, mariaToken, acknowledged))).amount).toBe(12);

    const bills = encountersResponseSchema.parse(
      await (await server.api(API_PATHS.encounters, { token: mariaToken })).json(),
    );
    const lab = bills.encounters.find((encounter) => encounter.accountNumber === '80002');
    expect(lab?.balance).toBe(12);
    expect(lab?.pendingPayments?.map((payment) => [payment.amount, payment.madeInPortal])).toEqual([
      [12, true],
      [12, true],
      [12, true],
    ]);
  });

  it('lets through what is left, counts open payments and only portal ones, and guards Pay Total', async () => {
    // Maria's surgery: $1,250.00, with $50.00 received by the billing office (R-9001), not counted.
    const paid = await payByCard(server, mariaToken, { accounts: [MARIA_LINES.surgery(1_000)] });
    expect(paid.receipt.amount).toBe(1_000);
    const rest = await startCard(server, mariaToken, { accounts: [MARIA_LINES.surgery(250)] });
    expect(rest.status).toBe(200);
    // The $250.00 is now open in a card window: it counts too.
    const more = await startCard(server, mariaToken, { accounts: [MARIA_LINES.surgery(0.01)] });
    expect(more.status).toBe(409);
    expect((await errorOf(more)).details[0]).toContain(
      'You already have $1,250.00 pending on account 107-40010001, which has a balance of $1,250.00.',
    );

    // A guarantor payment may cover the encounters billed alone and the plans' pay-off amounts.
    const mainBalance = 1_250 + 310.45 + 1_480 + 640;
    const total = await startCard(server, mariaToken, {
      accounts: [MARIA_LINES.guarantor(mainBalance)],
    });
    expect(total.status).toBe(409);
    expect((await errorOf(total)).details[0]).toContain(
      '$1,250.00 pending on account 107-5001001, which has a balance of $3,680.45.',
    );
    const whatIsLeft = await startCard(server, mariaToken, {
      accounts: [MARIA_LINES.guarantor(mainBalance - 1_250)],
    });
    expect(whatIsLeft.status).toBe(200);
  });

  it('refuses a card start likewise', async () => {
    const full = { accounts: [glLine('990', '91001', 220)] };
    await payByCard(server, mariaToken, full);
    const again = await startCard(server, mariaToken, full);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).details[0]).toContain('$220.00 pending on account 990-91001');
    const acknowledged = await startCard(server, mariaToken, { ...full, acknowledgePending: true });
    expect(acknowledged.status).toBe(200);
  });

  it('lets only one of two simultaneous payments of the same balance through', async () => {
    // James's 753-70002: $35.50.
    const line = () => ({ accounts: [glLine('753', '70002', 35.5)], payer: JAMES_PAYER });
    const answers = await Promise.all([
      payAch(server, jamesToken, line()),
      payAch(server, jamesToken, line()),
      startCard(server, jamesToken, line()),
      startCard(server, jamesToken, line()),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const written = await db()
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.amountCents, 3_550));
    expect(written).toHaveLength(1);

    const acknowledged = await startedCard(server, jamesToken, {
      ...line(),
      acknowledgePending: true,
    });
    expect(acknowledged.token).not.toBe('');
  });
});
