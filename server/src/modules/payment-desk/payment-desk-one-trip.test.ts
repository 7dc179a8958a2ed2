import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_DESK_PATHS, type PaymentSearchQuery } from '@webpay/contracts/payment-desk';
import { receipts } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { DeskProcessor } from '../../../test/support/desk-processor.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import { MARIA_LINES, newKey, payByCard, paymentByRef } from '../../../test/support/payments.ts';
import {
  auditRowsOf,
  described,
  expectDisabledMemberUnread,
  expectEndedSessionsUnread,
} from '../../../test/support/staff-reads.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('the payment desk’s search in one trip (%s)', (kind) => {
  let server: TestServer;
  const processor = new DeskProcessor();
  const viewer = { token: '', staffId: '', sessionId: '' };
  const paid = { receiptId: '', last4: '' };

  beforeAll(async () => {
    server = await startTestServer(kind, { serviceOverrides: { reversalProcessor: processor } });
    processor.attach(server.env);
    const mariaToken = await server.login(maria.accountNumber, maria.pin);
    const refs: string[] = [];
    for (const dollars of [3, 4]) {
      const { started } = await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.surgery(dollars), MARIA_LINES.emergency(1)],
        acknowledgePending: true,
      });
      refs.push(started.refNum);
    }
    const voided = await paymentByRef(server.database.db, refs[0] ?? '');
    const kept = await paymentByRef(server.database.db, refs[1] ?? '');
    if (!voided || !kept) throw new Error('the payments were not recorded');
    processor.watch(voided.processorReference);
    const agent = await mintStaffSession(server, DEMO_STAFF.agent.email);
    const response = await officeCall(server, PAYMENT_DESK_PATHS.void(voided.id), {
      token: agent,
      body: { reason: 'Duplicate', idempotencyKey: newKey() },
    });
    expect(response.status).toBe(200);
    const [receipt] = await server.database.db
      .select({ receiptId: receipts.receiptId })
      .from(receipts)
      .where(eq(receipts.paymentId, kept.id));
    paid.receiptId = receipt?.receiptId ?? '';
    paid.last4 = kept.cardLast4 ?? '';
    viewer.token = await mintStaffSession(server, DEMO_STAFF.viewer.email);
    const member = await server.app.services.staff.members.findByEmail(DEMO_STAFF.viewer.email);
    viewer.staffId = member?.id ?? '';
  });

  afterAll(async () => {
    await server?.close();
  });

  const searchPath = (query: Record<string, string>) =>
    `${PAYMENT_DESK_PATHS.search}?${new URLSearchParams(query)}`;

  it('answers and audits each search as the service always has', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const queries: [Record<string, string>, PaymentSearchQuery][] = [
      [{ receipt: paid.receiptId }, { receipt: paid.receiptId }],
      [{ method: 'card' }, { method: 'card' }],
      [
        { last4: paid.last4, facility: '107' },
        { last4: paid.last4, facility: '107' },
      ],
      [
        { from: today, to: today },
        { from: today, to: today },
      ],
      [{ amount: '5.00' }, { amount: 500 }],
      [
        { status: 'in_progress', method: 'card' },
        { status: 'in_progress', method: 'card' },
      ],
      // Narrowed to a status read from the reversals: the checks in one trip, the search after.
      [
        { status: 'voided', method: 'card' },
        { status: 'voided', method: 'card' },
      ],
      [
        { status: 'paid', method: 'card' },
        { status: 'paid', method: 'card' },
      ],
    ];
    for (const [index, [search, query]] of queries.entries()) {
      const label = JSON.stringify(search);
      const response = await officeCall(server, searchPath(search), {
        token: viewer.token,
        headers: { 'X-Request-Id': `desk-call-${index}` },
      });
      const body = await response.text();
      const requestId = `desk-service-${index}`;
      const answer = await server.app.services.paymentDesk.search.search(query, viewer, {
        requestId,
        correlationId: requestId,
        ipAddress: '198.51.100.7',
      });
      expect(response.status, label).toBe(200);
      expect(body, label).toBe(JSON.stringify(answer));
      const called = await auditRowsOf(server, `desk-call-${index}`);
      const served = await auditRowsOf(server, requestId);
      expect(called.map(described), label).toEqual(served.map(described));
      expect(
        called.map((row) => row.action),
        label,
      ).toEqual(['office.payment.searched']);
    }
  });

  it('reads and audits nothing for an ended, unknown or disabled staff session', async () => {
    const searches: Record<string, string>[] = [{ method: 'card' }, { status: 'voided' }];
    for (const search of searches) {
      await expectEndedSessionsUnread(server, searchPath(search), DEMO_STAFF.viewer.email);
      await expectDisabledMemberUnread(server, searchPath(search), DEMO_STAFF.viewer.email);
    }
  });

  it('answers a bad query 401 without a session, and 400 only to a signed-in caller', async () => {
    expect((await officeCall(server, PAYMENT_DESK_PATHS.search)).status).toBe(401);
    const response = await officeCall(server, PAYMENT_DESK_PATHS.search, {
      token: viewer.token,
      headers: { 'X-Request-Id': 'desk-no-criteria' },
    });
    expect(response.status).toBe(400);
    expect(await auditRowsOf(server, 'desk-no-criteria')).toEqual([]);
    await expectEndedSessionsUnread(server, PAYMENT_DESK_PATHS.search, DEMO_STAFF.viewer.email);
  });
});
