import { randomUUID } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACILITY } from '@webpay/contracts/facilities';
import {
  guarantors,
  paymentLines,
  paymentReversals,
  payments,
  receipts,
  type ReversalAllocation,
} from '../../db/schema.ts';
import { FacilityCalendar } from '../../lib/facility-day.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { AuditRepository } from '../audit/index.ts';
import { formatConvergeTime } from '../payments/index.ts';
import { moneyReportCsv, moneyReportFilename } from './money-report-csv.ts';
import { MoneyReportRepository } from './money-report.repository.ts';
import { MoneyReportService } from './money-report.service.ts';
import { SettlementService, type SettlementProcessor } from './settlement.service.ts';

const denver = new FacilityCalendar('America/Denver');
const { hospitalsAndClinics: hospital, centralLab: lab } = FACILITY;

interface Line {
  facilityId: string;
  amountCents: number;
}

/** Rows written straight to the tables, as the payment pipeline and the desk leave them. */
function seeder(database: TestDatabase, guarantorId: string) {
  let sequence = 0;
  return {
    async payment(recordedAt: string, method: 'card' | 'eCheck', lines: Line[]) {
      sequence += 1;
      const id = randomUUID();
      const amountCents = lines.reduce((total, line) => total + line.amountCents, 0);
      await database.db.insert(payments).values({
        id,
        guarantorId,
        status: 'recorded',
        method,
        amountCents,
        processorReference: `RPT-${sequence}-${id.slice(0, 8)}`,
        processorTxnId: `TXN-${id}`,
        payer: {},
        recordedAt: new Date(recordedAt),
      });
      await database.db.insert(paymentLines).values(
        lines.map((line, index) => ({
          id: randomUUID(),
          paymentId: id,
          lineNumber: index + 1,
          paymentType: 'encounter',
          accountId: `A-${index}`,
          ...line,
        })),
      );
      await database.db.insert(receipts).values({
        id: randomUUID(),
        paymentId: id,
        receiptId: `R-RPT${sequence}`,
        snapshot: {},
      });
      return { id, txnId: `TXN-${id}`, amountCents, receiptId: `R-RPT${sequence}` };
    },
    async reversal(
      paymentId: string,
      kind: 'void' | 'return' | 'check',
      completedAt: string | null,
      allocation: ReversalAllocation[],
    ) {
      const id = randomUUID();
      await database.db.insert(paymentReversals).values({
        id,
        reference: `RV-${id.slice(0, 8).toUpperCase()}`,
        paymentId,
        guarantorId,
        kind,
        status: completedAt ? 'completed' : 'processing',
        source: 'desk',
        amountCents: allocation.reduce((total, entry) => total + entry.amountCents, 0),
        allocation,
        reason: 'Duplicate payment',
        processorTxnId: kind === 'check' ? null : `RTN-${id}`,
        completedAt: completedAt ? new Date(completedAt) : null,
      });
      return { id, txnId: `RTN-${id}` };
    },
  };
}

describe.each(testDatabaseKinds)('the console’s reports (%s)', (kind) => {
  let database: TestDatabase;
  let seed: ReturnType<typeof seeder>;
  let money: MoneyReportService;
  let repository: MoneyReportRepository;
  type Made = Awaited<ReturnType<ReturnType<typeof seeder>['payment']>>;
  const made = {} as Record<'early' | 'lateNight' | 'nextDay' | 'before', Made>;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
    const guarantorId = randomUUID();
    await database.db.insert(guarantors).values({
      id: guarantorId,
      accountNumber: '987650001',
      mmi: 'M987650001',
      firstName: 'Report',
      lastName: 'Tester',
      birthdate: '1970-01-01',
    });
    seed = seeder(database, guarantorId);
    repository = new MoneyReportRepository(database.db);
    money = new MoneyReportService(repository, new AuditRepository(database.db), denver);
    // 2025-03-10 in Denver runs from 06:00Z (MDT began on 03-09) to 06:00Z on the 11th.
    made.early = await seed.payment('2025-03-10T06:00:00Z', 'card', [
      { facilityId: hospital, amountCents: 10_001 },
    ]);
    made.lateNight = await seed.payment('2025-03-11T05:59:59Z', 'eCheck', [
      { facilityId: hospital, amountCents: 2_550 },
      { facilityId: lab, amountCents: 1_999 },
    ]);
    made.nextDay = await seed.payment('2025-03-11T06:00:00Z', 'card', [
      { facilityId: lab, amountCents: 7_525 },
    ]);
    // Before the period: 2025-03-09 began at 07:00Z in Denver (still MST).
    made.before = await seed.payment('2025-03-09T06:59:59Z', 'card', [
      { facilityId: hospital, amountCents: 99_999 },
    ]);
    // Refunds count on the day they completed, by their allocation's facilities.
    await seed.reversal(made.lateNight.id, 'check', '2025-03-12T17:00:00Z', [
      { lineNumber: 2, amountCents: 1_999 },
      { lineNumber: 1, amountCents: 550 },
    ]);
    await seed.reversal(made.early.id, 'return', '2025-03-12T18:00:00Z', [
      { lineNumber: 1, amountCents: 1 },
    ]);
    // Not completed: no refund.
    await seed.reversal(made.nextDay.id, 'return', null, [{ lineNumber: 1, amountCents: 25 }]);
  });

  afterAll(async () => {
    await database?.close();
  });

  const period = { from: '2025-03-09', to: '2025-03-12' };

  it('counts payments on the facility day they were recorded, to the cent', async () => {
    const report = await money.build(period);
    expect(report.days.map((day) => day.date)).toEqual([
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
    ]);
    expect(report.days[0]).toMatchObject({ paymentsCount: 0, paymentsCents: 0, netCents: 0 });
    expect(report.days[1]).toMatchObject({
      paymentsCount: 2,
      paymentsCents: 10_001 + 4_549,
      refundsCount: 0,
      netCents: 14_550,
    });
    expect(report.days[2]).toMatchObject({ paymentsCount: 1, paymentsCents: 7_525 });
    expect(report.days[3]).toMatchObject({
      paymentsCount: 0,
      refundsCount: 2,
      refundsCents: 2_550,
      netCents: -2_550,
    });
    expect(report.totals).toEqual({
      paymentsCount: 3,
      paymentsCents: 22_075,
      refundsCount: 2,
      refundsCents: 2_550,
      netCents: 19_525,
    });
  });

  it('splits by method and by facility, each with its own days', async () => {
    const report = await money.build(period);
    const card = report.byMethod.find((entry) => entry.method === 'card');
    const eCheck = report.byMethod.find((entry) => entry.method === 'eCheck');
    expect(card).toMatchObject({ paymentsCount: 2, paymentsCents: 17_526, refundsCents: 1 });
    expect(eCheck).toMatchObject({ paymentsCount: 1, paymentsCents: 4_549, refundsCents: 2_549 });
    expect(card?.days).toHaveLength(4);
    expect(report.byFacility.map((entry) => [entry.facilityId, entry.name])).toEqual([
      [hospital, 'Hospitals & Clinics'],
      [lab, 'Central Lab'],
    ]);
    const [hospitalFigures, labFigures] = report.byFacility;
    expect(hospitalFigures).toMatchObject({
      paymentsCount: 2,
      paymentsCents: 12_551,
      refundsCount: 2,
      refundsCents: 551,
      netCents: 12_000,
    });
    expect(labFigures).toMatchObject({
      paymentsCount: 2,
      paymentsCents: 9_524,
      refundsCount: 1,
      refundsCents: 1_999,
    });
    expect(labFigures?.days[2]).toMatchObject({ date: '2025-03-11', paymentsCents: 7_525 });
  });

  it('writes each view as CSV in dollars', async () => {
    const report = await money.build(period);
    const day = moneyReportCsv(report, 'day').split('\r\n');
    expect(day[0]).toBe('date,payments_count,payments,refunds_count,refunds,net');
    expect(day[2]).toBe('2025-03-10,2,145.50,0,0.00,145.50');
    expect(day[4]).toBe('2025-03-12,0,0.00,2,25.50,-25.50');
    const method = moneyReportCsv(report, 'method').split('\r\n');
    expect(method[0]).toBe('date,method,payments_count,payments,refunds_count,refunds,net');
    expect(method).toContain('2025-03-12,eCheck,0,0.00,1,25.49,-25.49');
    const facility = moneyReportCsv(report, 'facility');
    expect(facility).toContain('2025-03-11,153,Central Lab,1,75.25,0,0.00,75.25');
    expect(moneyReportFilename(report, 'facility')).toBe(
      'webpay-money-2025-03-09-2025-03-12-facility.csv',
    );
  });

  describe('settlement', () => {
    const time = (iso: string) => formatConvergeTime(new Date(iso));
    const settledTxn = (txnId: string, type: string, cents: number, at: string, batch = '001') => ({
      ssl_txn_id: txnId,
      ssl_transaction_type: type,
      ssl_trans_status: 'STL',
      ssl_amount: (cents / 100).toFixed(2),
      ssl_txn_time: time(at),
      ssl_settle_time: time('2025-03-13T05:00:00Z'),
      ssl_batch_no: batch,
    });

    const settlement = (txns: Record<string, string>[] | Error) => {
      const calls: { from: Date; to: Date }[] = [];
      const processor: SettlementProcessor = {
        queryTransaction: async (query) => {
          if ('from' in query) calls.push(query);
          if (txns instanceof Error) throw txns;
          return txns;
        },
      };
      const service = new SettlementService(
        repository,
        money,
        processor,
        denver,
        () => new Date('2026-01-01T00:00:00Z'),
      );
      return { service, calls };
    };

    it('agrees when the processor settled what WebPay took', async () => {
      const { early, lateNight, nextDay } = made;
      const { service } = settlement([
        settledTxn(early.txnId, 'SALE', 10_001, '2025-03-10T06:00:00Z'),
        settledTxn(lateNight.txnId, 'ECSPURCHASE', 4_549, '2025-03-11T05:59:59Z'),
        settledTxn(nextDay.txnId, 'SALE', 7_525, '2025-03-11T06:00:00Z', '002'),
      ]);
      const report = await service.build({ from: '2025-03-10', to: '2025-03-11' }, 'en');
      expect(report.error).toBeNull();
      expect(report.differences).toEqual([]);
      expect(report.days[0]).toMatchObject({
        webpayCents: 14_550,
        processorCents: 14_550,
        differenceCents: 0,
      });
      expect(report.days[1]?.batches).toEqual([
        { batchId: '002', settledAt: '2025-03-13T05:00:00.000Z', count: 1, netCents: 7_525 },
      ]);
    });

    it('finds every kind of difference', async () => {
      const { early, lateNight, nextDay } = made;
      const { service } = settlement([
        settledTxn(early.txnId, 'SALE', 10_000, '2025-03-10T06:00:00Z'),
        {
          ...settledTxn(lateNight.txnId, 'ECSPURCHASE', 4_549, '2025-03-11T05:59:59Z'),
          ssl_trans_status: 'VOID',
        },
        settledTxn('STRANGER-1', 'SALE', 1_234, '2025-03-11T12:00:00Z'),
        // nextDay is missing although batch 001 settled after it.
      ]);
      const report = await service.build({ from: '2025-03-10', to: '2025-03-11' }, 'es');
      const kinds = Object.fromEntries(report.differences.map((entry) => [entry.txnId, entry]));
      expect(kinds[early.txnId]).toMatchObject({
        kind: 'amount_differs',
        webpayCents: 10_001,
        processorCents: 10_000,
        receiptId: early.receiptId,
      });
      expect(kinds[lateNight.txnId]?.kind).toBe('voided_at_processor');
      expect(kinds['STRANGER-1']).toMatchObject({
        kind: 'unknown_to_webpay',
        processorCents: 1_234,
      });
      expect(kinds[nextDay.txnId]?.kind).toBe('missing_at_processor');
      expect(kinds[nextDay.txnId]?.description).toContain('El pago');
      expect(report.days[1]).toMatchObject({ webpayCents: 7_525, processorCents: 1_234 });
    });

    it('counts a sale voided in WebPay as 0, and differs when the processor settled it', async () => {
      const sale = await seed.payment('2025-03-20T18:00:00Z', 'card', [
        { facilityId: hospital, amountCents: 4_200 },
      ]);
      await seed.reversal(sale.id, 'void', '2025-03-20T18:05:00Z', [
        { lineNumber: 1, amountCents: 4_200 },
      ]);
      const voided = settlement([
        {
          ...settledTxn(sale.txnId, 'SALE', 4_200, '2025-03-20T18:00:00Z'),
          ssl_trans_status: 'VOID',
        },
      ]);
      const agreed = await voided.service.build({ from: '2025-03-20', to: '2025-03-20' }, 'en');
      expect(agreed.differences).toEqual([]);
      expect(agreed.days[0]).toMatchObject({ webpayCents: 0, processorCents: 0 });
      const settledAnyway = settlement([
        settledTxn(sale.txnId, 'SALE', 4_200, '2025-03-20T18:00:00Z'),
      ]);
      const report = await settledAnyway.service.build(
        { from: '2025-03-20', to: '2025-03-20' },
        'en',
      );
      expect(report.differences).toEqual([
        expect.objectContaining({ kind: 'amount_differs', webpayCents: 0, processorCents: 4_200 }),
      ]);
    });

    it('counts an open transaction as unsettled, not as a difference', async () => {
      const { nextDay } = made;
      const { service } = settlement([
        {
          ...settledTxn(nextDay.txnId, 'SALE', 7_525, '2025-03-11T06:00:00Z'),
          ssl_trans_status: 'OPN',
        },
      ]);
      const report = await service.build({ from: '2025-03-11', to: '2025-03-11' }, 'en');
      expect(report.differences).toEqual([]);
      // WebPay took it and its batch is still open: the day does not differ.
      expect(report.days[0]).toMatchObject({
        unsettledCount: 1,
        webpayCents: 7_525,
        processorCents: 0,
        differenceCents: 0,
      });
    });

    it('asks the processor 31 days at a time, and says so when it cannot', async () => {
      const { calls } = settlement([]);
      const asked = settlement([]);
      await asked.service.build({ from: '2025-01-01', to: '2025-03-15' }, 'en');
      expect(calls).toEqual([]);
      expect(asked.calls).toHaveLength(3);
      for (const call of asked.calls) {
        expect(call.to.getTime() - call.from.getTime()).toBeLessThanOrEqual(31 * 86_400_000);
      }
      const failing = settlement(new Error('down'));
      const report = await failing.service.build(period, 'en');
      expect(report.error).toMatch(/could not be asked/);
      expect(report.days[1]).toMatchObject({ webpayCents: 14_550, processorCents: null });
    });
  });
});

describe.each(testDatabaseKinds)('the money report on the demo data (%s)', (kind) => {
  // The day the demo data is loaded; Robert's R-60031 is then paid on 2026-11-23.
  const today = '2026-11-29';
  let database: TestDatabase;
  let money: MoneyReportService;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { today });
    money = new MoneyReportService(
      new MoneyReportRepository(database.db),
      new AuditRepository(database.db),
      denver,
    );
  });

  afterAll(async () => {
    await database?.close();
  });

  it('counts a past portal payment on the day the payment search lists it', async () => {
    const [receipt] = await database.db
      .select({ payment: payments })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(eq(receipts.receiptId, 'R-60031'));
    if (!receipt) throw new Error('the demo data has no R-60031');
    // The search dates a payment by when it was recorded, else by when it started.
    const listedOn = denver.dayOf(receipt.payment.recordedAt ?? receipt.payment.createdAt);
    expect(listedOn).toBe('2026-11-23');
    const sameDay = await database.db
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'recorded'),
          gte(payments.createdAt, denver.startOf(listedOn)),
          lt(payments.createdAt, denver.startOf('2026-11-24')),
        ),
      );
    const report = await money.build({ from: listedOn, to: listedOn });
    expect(report.days[0]).toMatchObject({
      date: listedOn,
      paymentsCount: sameDay.length,
      paymentsCents: sameDay.reduce((total, row) => total + row.amountCents, 0),
    });
    expect(report.days[0]?.paymentsCents).toBeGreaterThanOrEqual(receipt.payment.amountCents);
  });
});
