import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_DESK_PATHS } from '@webpay/contracts/payment-desk';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { FacilityCalendar } from '../../lib/facility-day.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import { MARIA_LINES, payByCard } from '../../../test/support/payments.ts';
import {
  auditRowsOf,
  described,
  expectDisabledMemberUnread,
  expectEndedSessionsUnread,
} from '../../../test/support/staff-reads.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('the money report in one trip (%s)', (kind) => {
  let server: TestServer;
  const viewer = { token: '', staffId: '' };
  let period = { from: '', to: '' };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const mariaToken = await server.login(maria.accountNumber, maria.pin);
    await payByCard(server, mariaToken, {
      accounts: [MARIA_LINES.surgery(3), MARIA_LINES.emergency(2)],
      acknowledgePending: true,
    });
    viewer.token = await mintStaffSession(server, DEMO_STAFF.viewer.email);
    const member = await server.app.services.staff.members.findByEmail(DEMO_STAFF.viewer.email);
    viewer.staffId = member?.id ?? '';
    const today = new FacilityCalendar(server.env.WEBPAY_TIME_ZONE).dayOf();
    period = { from: `${today.slice(0, 8)}01`, to: today };
  });

  afterAll(async () => {
    await server?.close();
  });

  const context = (requestId: string) => ({
    requestId,
    correlationId: requestId,
    ipAddress: '198.51.100.7',
  });

  async function called(path: string, requestId: string) {
    const response = await officeCall(server, path, {
      token: viewer.token,
      headers: { 'X-Request-Id': requestId },
    });
    return { response, body: await response.text(), rows: await auditRowsOf(server, requestId) };
  }

  it('answers and audits the report as the service always has', async () => {
    const call = await called(
      `${PAYMENT_DESK_PATHS.moneyReport}?${new URLSearchParams(period)}`,
      'money-call',
    );
    const answer = await server.app.services.officeReports.money.report(
      period,
      viewer,
      context('money-service'),
    );
    expect(call.response.status).toBe(200);
    // The response's schema puts the keys in its order; the values are what counts here.
    expect(JSON.parse(call.body)).toEqual(answer);
    expect(answer.totals.paymentsCents).toBeGreaterThanOrEqual(500);
    const served = await auditRowsOf(server, 'money-service');
    expect(call.rows.map(described)).toEqual(served.map(described));
    expect(call.rows.map((row) => row.action)).toEqual(['office.report.money.viewed']);
  });

  it('exports each view and audits it as the service always has', async () => {
    for (const view of ['day', 'method', 'facility'] as const) {
      const call = await called(
        `${PAYMENT_DESK_PATHS.moneyReportCsv}?${new URLSearchParams({ ...period, view })}`,
        `money-csv-call-${view}`,
      );
      const csv = await server.app.services.officeReports.money.csv(
        { ...period, view },
        viewer,
        context(`money-csv-service-${view}`),
      );
      expect(call.response.status, view).toBe(200);
      expect(call.body, view).toBe(csv.text);
      expect(call.response.headers.get('content-disposition'), view).toBe(
        `attachment; filename="${csv.filename}"`,
      );
      const served = await auditRowsOf(server, `money-csv-service-${view}`);
      expect(call.rows.map(described), view).toEqual(served.map(described));
      expect(
        call.rows.map((row) => row.action),
        view,
      ).toEqual(['office.report.money.exported']);
    }
  });

  it('reads and audits nothing for an ended, unknown or disabled staff session', async () => {
    const path = `${PAYMENT_DESK_PATHS.moneyReport}?${new URLSearchParams(period)}`;
    await expectEndedSessionsUnread(server, path, DEMO_STAFF.viewer.email);
    await expectDisabledMemberUnread(server, path, DEMO_STAFF.viewer.email);
  });

  it('answers a bad period 401 without a session, and 400 only to a signed-in caller', async () => {
    const reversed = `${PAYMENT_DESK_PATHS.moneyReport}?from=2026-02-01&to=2026-01-01`;
    expect((await officeCall(server, reversed)).status).toBe(401);
    const call = await called(reversed, 'money-reversed');
    expect(call.response.status).toBe(400);
    expect(call.rows).toEqual([]);
    await expectEndedSessionsUnread(server, reversed, DEMO_STAFF.viewer.email);
  });
});
