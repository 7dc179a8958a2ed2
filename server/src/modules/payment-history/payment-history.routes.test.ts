import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { dayIn } from '@webpay/contracts/dates';
import { errorObjectSchema, type ErrorObject } from '@webpay/contracts/errors';
import {
  paymentHistorySchema,
  type PaymentHistoryItem,
  type PaymentHistoryQuery,
} from '@webpay/contracts/payment-history';
import { PAYMENT_TYPE_LABELS } from '@webpay/contracts/payments';
import { auditEvents, payments, receipts } from '../../db/schema.ts';
import { DEMO_GUARANTORS, ROBERT_COUNTS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { SessionRead } from '../auth/index.ts';
import { SANDBOX_BANK_ACCOUNTS } from '../converge-sandbox/index.ts';
import { receiptFromSnapshot } from '../payments/index.ts';
import {
  APPROVED_ECHECK,
  MARIA_LINES,
  payAch,
  payByCard,
  receiptOf,
} from '../../../test/support/payments.ts';
import { insertCompletedReversal } from '../../../test/support/reversals.ts';

const { maria, james, robert } = DEMO_GUARANTORS;

async function errorOf(response: Response): Promise<ErrorObject> {
  const body = errorObjectSchema.strict().parse(await response.json());
  expect(body.status).toBe(response.status);
  return body;
}

const withoutIds = ({ requestId: _r, correlationId: _c, ...rest }: ErrorObject) => rest;

const query = (range: PaymentHistoryQuery) =>
  `${API_PATHS.payments}?${new URLSearchParams(range as Record<string, string>).toString()}`;

/** The facility's day of a payment, in the test server's time zone (the default). */
const dayOf = (item: PaymentHistoryItem) => dayIn('America/Denver', new Date(item.date));

describe.each(testDatabaseKinds)('payment history and receipts (%s)', (kind) => {
  let server: TestServer;
  let mariaToken: string;
  let robertToken: string;
  let jamesToken: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    mariaToken = await server.login(maria.accountNumber, maria.pin);
    robertToken = await server.login(robert.accountNumber, robert.pin);
    jamesToken = await server.login(james.accountNumber, james.pin);
  });

  afterAll(async () => {
    await server?.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const db = () => server.database.db;

  async function historyOf(token: string, path: string = API_PATHS.payments, requestId?: string) {
    const response = await server.api(path, {
      token,
      headers: requestId ? { 'X-Request-Id': requestId } : {},
    });
    expect(response.status).toBe(200);
    return paymentHistorySchema.strict().parse(await response.json()).payments;
  }

  /** A card payment of Maria's, as if it had been recorded at `instant`; its receipt number. */
  async function paymentRecordedAt(instant: string): Promise<string> {
    const { receipt } = await payByCard(server, mariaToken, {
      accounts: [MARIA_LINES.emergency(1)],
      acknowledgePending: true,
    });
    await db()
      .update(payments)
      .set({ recordedAt: new Date(instant) })
      .where(eq(payments.id, receipt.id));
    return receipt.receiptId;
  }

  const auditOf = (action: string, requestId: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.requestId, requestId)));

  describe('GET /payments', () => {
    it("lists Maria's past payments newest first, with masked methods and their lines", async () => {
      const history = await historyOf(mariaToken, API_PATHS.payments, 'maria-history');
      expect(history.map((item) => item.receiptId).sort()).toEqual([
        'R-8101',
        'R-8102',
        'R-8103',
        'R-8104',
        'R-8105',
        'R-8106',
      ]);
      const dates = history.map((item) => item.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(history.every((item) => item.status === 'applied')).toBe(true);

      const byReceipt = new Map(history.map((item) => [item.receiptId, item]));
      expect(byReceipt.get('R-8101')).toEqual({
        receiptId: 'R-8101',
        date: '2026-07-15T19:42:00.000Z',
        amount: 50,
        method: 'card',
        card: { brand: 'DISC', last4: '0026' },
        eCheck: null,
        items: [
          {
            facilityId: '990',
            accountId: '91001',
            description: '990-91001 | Maria Garcia',
            amount: 50,
          },
        ],
        status: 'applied',
        reversal: null,
      });
      expect(byReceipt.get('R-8102')).toMatchObject({
        date: '2026-07-20T16:05:00.000Z',
        amount: 200,
        method: 'eCheck',
        card: null,
        eCheck: { accountType: 'CHECKING', last4: '6789' },
      });
      expect(byReceipt.get('R-8103')).toMatchObject({
        amount: 140,
        card: { brand: 'VISA', last4: '1111' },
        items: [
          { facilityId: '107', accountId: '107-40010001', amount: 100 },
          { facilityId: '107', accountId: '107-40010002', amount: 40 },
        ],
      });
      expect(byReceipt.get('R-8105')?.items).toEqual([
        expect.objectContaining({
          accountId: '107-PP-7001',
          description: 'PP-7001-1 | Payment Plan',
        }),
      ]);
      expect(byReceipt.get('R-8106')?.eCheck).toEqual({ accountType: 'SAVINGS', last4: '4321' });

      const [event] = await auditOf('payments.history_viewed', 'maria-history');
      expect(event).toMatchObject({
        outcome: 'success',
        actorType: 'guarantor',
        details: { payments: 6, from: null, to: null },
      });
    });

    it('never shows a full bank account number', async () => {
      const response = await server.api(API_PATHS.payments, { token: mariaToken });
      const text = await response.text();
      expect(text).not.toContain('000123456789');
      expect(text).not.toContain('000987654321');
      expect(text).not.toContain('fingerprint');
    });

    it('keeps the payments of the days from and to, both included', async () => {
      const all = await historyOf(mariaToken);
      const within = (from: string, to: string) =>
        all
          .filter((item) => dayOf(item) >= from && dayOf(item) <= to)
          .map((item) => item.receiptId);

      const july = await historyOf(mariaToken, query({ from: '2026-07-15', to: '2026-07-20' }));
      expect(july.map((item) => item.receiptId)).toEqual(within('2026-07-15', '2026-07-20'));
      expect(july.map((item) => item.receiptId)).toEqual(
        expect.arrayContaining(['R-8101', 'R-8102']),
      );

      const lateJuly = await historyOf(mariaToken, query({ from: '2026-07-16', to: '2026-07-20' }));
      expect(lateJuly.map((item) => item.receiptId)).toContain('R-8102');
      expect(lateJuly.map((item) => item.receiptId)).not.toContain('R-8101');

      const oneDay = await historyOf(mariaToken, query({ from: '2026-07-15', to: '2026-07-15' }));
      expect(oneDay.map((item) => item.receiptId)).toEqual(within('2026-07-15', '2026-07-15'));
      expect(oneDay.map((item) => item.receiptId)).toContain('R-8101');

      const since = await historyOf(mariaToken, query({ from: '2026-09-05' }));
      expect(since.map((item) => item.receiptId)).toEqual(within('2026-09-05', '9999-12-31'));
      expect(since.map((item) => item.receiptId)).toContain('R-8103');

      const until = await historyOf(mariaToken, query({ to: '2026-07-14' }), 'maria-history-to');
      expect(until.map((item) => item.receiptId)).toEqual(within('0000-01-01', '2026-07-14'));
      expect(until.map((item) => item.receiptId)).not.toContain('R-8101');
      const [event] = await auditOf('payments.history_viewed', 'maria-history-to');
      expect(event?.details).toEqual({ payments: until.length, from: null, to: '2026-07-14' });
    });

    it("reads From and To as the facility's days, either side of its midnight", async () => {
      expect(server.env.WEBPAY_TIME_ZONE).toBe('America/Denver');
      // 23:30 on Dec 9 in Denver (MST, UTC-7) is 06:30 UTC on Dec 10; 00:00:30 on Dec 10 is 07:00:30.
      const lateEvening = await paymentRecordedAt('2025-12-10T06:30:00.000Z');
      const afterMidnight = await paymentRecordedAt('2025-12-10T07:00:30.000Z');
      const receiptsOf = async (range: PaymentHistoryQuery) =>
        (await historyOf(mariaToken, query(range))).map((item) => item.receiptId);

      expect(await receiptsOf({ from: '2025-12-09', to: '2025-12-09' })).toEqual([lateEvening]);
      expect(await receiptsOf({ from: '2025-12-10', to: '2025-12-10' })).toEqual([afterMidnight]);
      expect(await receiptsOf({ from: '2025-12-11', to: '2025-12-11' })).toEqual([]);
      expect(await receiptsOf({ to: '2025-12-09' })).toContain(lateEvening);
      expect(await receiptsOf({ to: '2025-12-09' })).not.toContain(afterMidnight);
      expect(await receiptsOf({ from: '2025-12-10' })).toContain(afterMidnight);
      expect(await receiptsOf({ from: '2025-12-10' })).not.toContain(lateEvening);
    });

    it('refuses a range that ends before it starts, or a date that is not one (400)', async () => {
      for (const [path, field] of [
        [query({ from: '2026-07-21', to: '2026-07-20' }), 'querystring.from'],
        [`${API_PATHS.payments}?from=2026-13-01`, 'querystring.from'],
        [`${API_PATHS.payments}?to=yesterday`, 'querystring.to'],
      ] as const) {
        const response = await server.api(path, { token: mariaToken });
        expect(response.status, path).toBe(400);
        const error = await errorOf(response);
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.details, path).toEqual([expect.stringMatching(new RegExp(`^${field}: `))]);
      }
    });

    it('shows a new card payment as pending until the billing office applies it', async () => {
      const { receipt } = await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(10), MARIA_LINES.centralLab(5.2)],
      });
      const [latest] = await historyOf(mariaToken);
      expect(latest).toEqual({
        receiptId: receipt.receiptId,
        date: receipt.date,
        amount: 15.2,
        method: 'card',
        card: { brand: 'VISA', last4: '9990' },
        eCheck: null,
        items: [
          {
            facilityId: '107',
            accountId: '107-40010002',
            description: '107-40010002 | Daniel Garcia',
            amount: 10,
          },
          {
            facilityId: '153',
            accountId: '80001',
            description: '153-80001 | Maria Garcia',
            amount: 5.2,
          },
        ],
        status: 'pending',
        reversal: null,
      });

      await db().update(payments).set({ appliedAt: new Date() }).where(eq(payments.id, receipt.id));
      const [applied] = await historyOf(mariaToken);
      expect(applied).toMatchObject({ receiptId: receipt.receiptId, status: 'applied' });
    });

    it('shows an eCheck payment with its account type and last four digits only', async () => {
      const response = await payAch(server, mariaToken, {
        accounts: [MARIA_LINES.surgery(12.34)],
        eCheck: { ...APPROVED_ECHECK, accountType: 'SAVINGS' },
      });
      const receipt = await receiptOf(response);
      const [latest] = await historyOf(mariaToken);
      expect(latest).toMatchObject({
        receiptId: receipt.receiptId,
        amount: 12.34,
        method: 'eCheck',
        card: null,
        eCheck: {
          accountType: 'SAVINGS',
          last4: SANDBOX_BANK_ACCOUNTS.approved.accountNumber.slice(-4),
        },
        status: 'pending',
      });
    });

    it('leaves out payments that were not recorded', async () => {
      const before = await historyOf(mariaToken);
      const [recorded] = await db()
        .select({ id: payments.id })
        .from(payments)
        .innerJoin(receipts, eq(receipts.paymentId, payments.id))
        .where(eq(receipts.receiptId, before[0]?.receiptId ?? ''));
      await db()
        .update(payments)
        .set({ status: 'failed' })
        .where(eq(payments.id, recorded?.id ?? ''));
      try {
        const after = await historyOf(mariaToken);
        expect(after.map((item) => item.receiptId)).toEqual(
          before.slice(1).map((item) => item.receiptId),
        );
      } finally {
        await db()
          .update(payments)
          .set({ status: 'recorded' })
          .where(eq(payments.id, recorded?.id ?? ''));
      }
    });

    it("reads Robert's 60 payments and all their lines in one statement", async () => {
      const statementsRun = vi.spyOn(SessionRead.prototype, 'run');
      const history = await historyOf(robertToken);
      expect(history).toHaveLength(ROBERT_COUNTS.payments);
      expect(history.every((item) => item.items.length > 0)).toBe(true);
      for (const item of history) {
        const lines = item.items.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
        expect(lines, item.receiptId).toBe(Math.round(item.amount * 100));
      }
      // The session check, the payments with their lines and the audit row.
      expect(statementsRun).toHaveBeenCalledTimes(1);
    });
  });

  describe('GET /receipts/{receiptId}', () => {
    it('gives the receipt exactly as it was issued', async () => {
      const response = await server.api(API_PATHS.receipt('R-8102'), {
        token: mariaToken,
        headers: { 'X-Request-Id': 'maria-receipt' },
      });
      const receipt = await receiptOf(response);
      const [stored] = await db()
        .select({ paymentId: receipts.paymentId, snapshot: receipts.snapshot })
        .from(receipts)
        .where(eq(receipts.receiptId, 'R-8102'));
      expect(receipt).toEqual({ ...receiptFromSnapshot(stored?.snapshot), reversal: null });
      expect(receipt).toMatchObject({
        receiptId: 'R-8102',
        paymentMethod: 'eCheck',
        amount: 200,
        card: null,
        eCheck: { accountType: 'CHECKING', accountNumber: '••••6789' },
        accounts: [
          expect.objectContaining({
            paymentType: PAYMENT_TYPE_LABELS.encounter,
            accountId: '107-40010001',
            amount: 200,
          }),
        ],
      });

      const [event] = await auditOf('receipt.viewed', 'maria-receipt');
      expect(event).toMatchObject({
        outcome: 'success',
        targetType: 'payment',
        targetId: stored?.paymentId,
        details: { receiptId: 'R-8102' },
      });
    });

    it('gives the receipt of a payment just made', async () => {
      const { receipt } = await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(1)],
      });
      const response = await server.api(API_PATHS.receipt(receipt.receiptId), {
        token: mariaToken,
      });
      expect(await receiptOf(response)).toEqual({ ...receipt, reversal: null });
    });

    it('tells what was given back, on the Payments page and the receipt alike', async () => {
      const { receipt } = await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(30), MARIA_LINES.surgery(20)],
        acknowledgePending: true,
      });
      const voided = await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(2)],
        acknowledgePending: true,
      });
      const shown = async (receiptId: string) => {
        const item = (await historyOf(mariaToken)).find((one) => one.receiptId === receiptId);
        const response = await server.api(API_PATHS.receipt(receiptId), { token: mariaToken });
        const again = await receiptOf(response);
        expect(again.reversal).toEqual(item?.reversal);
        return item?.reversal;
      };
      // Late in the evening in Denver: the facility's day, not UTC's.
      const evening = new Date('2026-11-28T04:30:00.000Z');
      await insertCompletedReversal(db(), receipt.id, {
        kind: 'return',
        amountCents: 1_250,
        completedAt: evening,
      });
      expect(await shown(receipt.receiptId)).toEqual({
        status: 'partially_refunded',
        amount: 12.5,
        date: '2026-11-27',
      });
      await insertCompletedReversal(db(), receipt.id, { kind: 'check', amountCents: 3_750 });
      expect(await shown(receipt.receiptId)).toEqual({
        status: 'refunded',
        amount: 50,
        date: dayIn('America/Denver', new Date()),
      });

      await insertCompletedReversal(db(), voided.receipt.id, { kind: 'void' });
      expect(await shown(voided.receipt.receiptId)).toMatchObject({ status: 'voided', amount: 2 });
    });

    it("answers another guarantor's receipt exactly like a missing one (404)", async () => {
      const [theirs] = await historyOf(robertToken);
      const refused = await server.api(API_PATHS.receipt(theirs?.receiptId ?? ''), {
        token: mariaToken,
        headers: { 'X-Request-Id': 'maria-reads-robert-receipt' },
      });
      const unknown = await server.api(API_PATHS.receipt('R-0000'), { token: mariaToken });
      expect(refused.status).toBe(404);
      expect(unknown.status).toBe(404);
      const body = await errorOf(refused);
      expect(body).toMatchObject({ code: 'RECEIPT_NOT_FOUND', title: 'Receipt not found' });
      expect(withoutIds(body)).toEqual(withoutIds(await errorOf(unknown)));

      const [event] = await auditOf('receipt.viewed', 'maria-reads-robert-receipt');
      expect(event).toMatchObject({
        outcome: 'failure',
        targetId: null,
        details: { receiptId: theirs?.receiptId, reason: 'not_found' },
      });
    });

    it('names a receipt number that is too long (400)', async () => {
      const response = await server.api(API_PATHS.receipt('R'.repeat(41)), { token: mariaToken });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toEqual([expect.stringMatching(/^params\.receiptId: /)]);
    });
  });

  describe('access', () => {
    const paths = [API_PATHS.payments, API_PATHS.receipt('R-8101')];

    it('refuses a guarantor without the historical-data role (403)', async () => {
      for (const [index, path] of paths.entries()) {
        const response = await server.api(path, {
          token: jamesToken,
          headers: { 'X-Request-Id': `james-history-${index}` },
        });
        expect(response.status, path).toBe(403);
        expect((await errorOf(response)).code).toBe('HISTORICAL_DATA_REQUIRED');
        const [denied] = await auditOf('access.denied', `james-history-${index}`);
        expect(denied?.outcome).toBe('failure');
      }
    });

    it('requires a session (401)', async () => {
      for (const path of paths) {
        const response = await server.api(path);
        expect(response.status, path).toBe(401);
        expect((await errorOf(response)).code).toBe('UNAUTHORIZED');
      }
    });

    it('leaves the payment endpoints beside it as they were', async () => {
      const response = await server.api(API_PATHS.payment('WP-NOPE'), {
        method: 'DELETE',
        token: mariaToken,
        body: { message: 'cancelled' },
      });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe('PAYMENT_NOT_FOUND');
    });
  });
});
