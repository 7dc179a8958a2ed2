import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_DESK_PATHS,
  moneyReportSchema,
  settlementReportSchema,
} from '@webpay/contracts/payment-desk';
import { auditEvents } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { FacilityCalendar } from '../../lib/facility-day.ts';
import { settleSandbox } from '../../../test/support/converge-sandbox.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { MARIA_LINES, payAch } from '../../../test/support/payments.ts';
import { officeCall, staffSignIn } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('the console’s reports API (%s)', (kind) => {
  let server: TestServer;
  let viewer = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await staffSignIn(server, DEMO_STAFF.viewer);
  });

  afterAll(async () => {
    await server?.close();
  });

  const period = '?from=2026-01-01&to=2026-01-31';
  const call = (path: string, headers: Record<string, string> = {}) =>
    officeCall(server, path, { token: viewer, headers });

  it('refuses a call without a staff session, and a guarantor’s token', async () => {
    const path = `${PAYMENT_DESK_PATHS.moneyReport}${period}`;
    expect((await officeCall(server, path)).status).toBe(401);
    const guarantorToken = await server.login(maria.accountNumber, maria.pin);
    expect((await officeCall(server, path, { token: guarantorToken })).status).toBe(401);
  });

  it('answers a viewer with every day of the period, and records the look', async () => {
    const response = await call(`${PAYMENT_DESK_PATHS.moneyReport}${period}`, {
      'x-request-id': 'report-money-1',
    });
    expect(response.status).toBe(200);
    const report = moneyReportSchema.parse(await response.json());
    expect(report.days).toHaveLength(31);
    expect(report.byMethod.map((entry) => entry.method)).toEqual(['card', 'eCheck']);
    const [row] = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'office.report.money.viewed'));
    expect(row).toMatchObject({ actorType: 'staff', outcome: 'success' });
  });

  it('refuses a period the wrong way round, too long, or not of dates', async () => {
    for (const query of [
      '?from=2026-02-01&to=2026-01-01',
      '?from=2025-01-01&to=2026-01-31',
      '?from=yesterday&to=2026-01-01',
      '?from=2026-01-01',
      '?from=2026-01-01&to=2026-01-02&extra=1',
    ]) {
      const response = await call(`${PAYMENT_DESK_PATHS.moneyReport}${query}`);
      expect(response.status, query).toBe(400);
    }
    const view = await call(`${PAYMENT_DESK_PATHS.moneyReportCsv}${period}&view=week`);
    expect(view.status).toBe(400);
  });

  it('downloads each view as CSV with its file name', async () => {
    for (const view of ['day', 'method', 'facility']) {
      const response = await call(`${PAYMENT_DESK_PATHS.moneyReportCsv}${period}&view=${view}`);
      expect(response.status, view).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="webpay-money-2026-01-01-2026-01-31-${view}.csv"`,
      );
      const lines = (await response.text()).trim().split('\r\n');
      expect(lines[0]?.startsWith('date,')).toBe(true);
    }
  });

  it('answers the settlement view, in the reader’s language', async () => {
    const response = await call(`${PAYMENT_DESK_PATHS.settlement}${period}`, {
      'accept-language': 'es',
    });
    expect(response.status).toBe(200);
    const report = settlementReportSchema.parse(await response.json());
    expect(report.days).toHaveLength(31);
    // The built-in sandbox processor answers a period search.
    expect(report.error).toBeNull();
  });

  it("finds the demo's past payments in the sandbox processor's settled batches", async () => {
    const calendar = new FacilityCalendar(server.env.WEBPAY_TIME_ZONE);
    const dayBefore = (days: number) => calendar.dayOf(new Date(Date.now() - days * 86_400_000));
    const response = await call(
      `${PAYMENT_DESK_PATHS.settlement}?from=${dayBefore(30)}&to=${dayBefore(2)}`,
    );
    const report = settlementReportSchema.parse(await response.json());
    expect(report.error).toBeNull();
    expect(report.differences).toEqual([]);
    const paid = report.days.filter((day) => day.webpayCents > 0);
    expect(paid.length).toBeGreaterThan(0);
    for (const day of paid) {
      expect(day.processorCents, day.date).toBe(day.webpayCents);
      expect(day.unsettledCount, day.date).toBe(0);
    }
  });

  it('counts a payment made now, and agrees with the sandbox processor once its batch settles', async () => {
    const today = new FacilityCalendar(server.env.WEBPAY_TIME_ZONE).dayOf();
    const day = `?from=${today}&to=${today}`;
    const before = moneyReportSchema.parse(
      await (await call(`${PAYMENT_DESK_PATHS.moneyReport}${day}`)).json(),
    );
    const token = await server.login(maria.accountNumber, maria.pin);
    const paid = await payAch(server, token, { accounts: [MARIA_LINES.emergency(12.34)] });
    expect(paid.status).toBe(200);
    const after = moneyReportSchema.parse(
      await (await call(`${PAYMENT_DESK_PATHS.moneyReport}${day}`)).json(),
    );
    expect(after.totals.paymentsCents - before.totals.paymentsCents).toBe(1_234);
    expect(after.totals.paymentsCount - before.totals.paymentsCount).toBe(1);
    const csv = await (await call(`${PAYMENT_DESK_PATHS.moneyReportCsv}${day}&view=method`)).text();
    expect(csv).toContain(`${today},eCheck,`);

    await settleSandbox(server.baseUrl, server.env);
    const response = await call(`${PAYMENT_DESK_PATHS.settlement}${day}`);
    const report = settlementReportSchema.parse(await response.json());
    expect(report.error).toBeNull();
    expect(report.differences).toEqual([]);
    expect(report.days[0]?.differenceCents).toBe(0);
    expect(report.days[0]?.processorCents).toBeGreaterThanOrEqual(1_234);
    expect(report.days[0]?.batches.length).toBeGreaterThanOrEqual(1);
  });
});
