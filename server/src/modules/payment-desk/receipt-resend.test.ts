import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_DESK_PATHS, resendReceiptResultSchema } from '@webpay/contracts/payment-desk';
import { auditEvents, guarantors, payments, receipts } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { officeCall, staffSignIn } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('sending a receipt again (%s)', (kind) => {
  let server: TestServer;
  const tokens = { viewer: '', agent: '' };
  let payment: { id: string; guarantorId: string };

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens.viewer = await staffSignIn(server, DEMO_STAFF.viewer);
    tokens.agent = await staffSignIn(server, DEMO_STAFF.agent);
    const [row] = await server.database.db
      .select({ id: payments.id, guarantorId: payments.guarantorId })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(eq(receipts.receiptId, 'R-8101'));
    if (!row) throw new Error("Maria's receipt R-8101 is missing from the demo data");
    payment = row;
  });

  afterAll(async () => {
    await server?.close();
  });

  const resend = (token: string, body: unknown, id = payment.id, requestId?: string) =>
    officeCall(server, PAYMENT_DESK_PATHS.resendReceipt(id), {
      token,
      body,
      headers: requestId ? { 'X-Request-Id': requestId } : {},
    });

  const mailsOf = async (paymentId: string) => {
    await server.app.services.jobs.workOff('mail', 10_000);
    return server.app.services.outbox.messagesConcerning(
      { guarantorId: '', paymentIds: [paymentId], statementIds: [], addresses: [] },
      20,
    );
  };

  it('refuses a viewer: resending is a support action', async () => {
    const response = await resend(tokens.viewer, { reason: 'Lost it' });
    expect(response.status).toBe(403);
    expect(await mailsOf(payment.id)).toEqual([]);
  });

  it('sends the receipt to the address on file, and audits who, why and where', async () => {
    const response = await resend(
      tokens.agent,
      { reason: 'Caller lost it' },
      payment.id,
      'resend-1',
    );
    expect(response.status).toBe(200);
    const result = resendReceiptResultSchema.parse(await response.json());
    expect(result).toEqual({
      to: maria.email,
      message: `Receipt R-8101 is on its way to ${maria.email}.`,
    });
    const mails = await mailsOf(payment.id);
    expect(mails).toEqual([
      expect.objectContaining({ kind: 'payment_receipt', to: maria.email, status: 'sent' }),
    ]);

    const [audit] = await server.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.requestId, 'resend-1'),
          eq(auditEvents.action, 'payment.receipt.resent'),
        ),
      );
    expect(audit).toMatchObject({
      outcome: 'success',
      actorType: 'staff',
      guarantorId: payment.guarantorId,
      targetType: 'payment',
      targetId: payment.id,
      details: {
        receiptId: 'R-8101',
        to: maria.email,
        addressOnFile: true,
        reason: 'Caller lost it',
      },
    });
  });

  it('sends it to another address when given one', async () => {
    const response = await resend(tokens.agent, {
      email: ' Maria.Other@Example.com ',
      reason: 'Her work address',
    });
    expect(response.status).toBe(200);
    expect(resendReceiptResultSchema.parse(await response.json()).to).toBe(
      'maria.other@example.com',
    );
    const mails = await mailsOf(payment.id);
    expect(mails.map((mail) => mail.to)).toContain('maria.other@example.com');
  });

  it('answers in Spanish when the console is read in Spanish', async () => {
    const response = await officeCall(server, PAYMENT_DESK_PATHS.resendReceipt(payment.id), {
      token: tokens.agent,
      body: {},
      headers: { 'Accept-Language': 'es' },
    });
    expect(response.status).toBe(200);
    expect(resendReceiptResultSchema.parse(await response.json()).message).toBe(
      `El recibo R-8101 se está enviando a ${maria.email}.`,
    );
  });

  it('asks for an address when none is on file (409), and knows no other payment (404)', async () => {
    const db = server.database.db;
    const [before] = await db
      .select({ receiptEmail: payments.receiptEmail })
      .from(payments)
      .where(eq(payments.id, payment.id));
    await db.update(guarantors).set({ email: null }).where(eq(guarantors.id, payment.guarantorId));
    await db.update(payments).set({ receiptEmail: null }).where(eq(payments.id, payment.id));
    try {
      const refused = await resend(tokens.agent, { reason: 'Lost it' });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({
        code: 'NO_EMAIL_ON_FILE',
        details: [expect.stringMatching(/^There is no email address on file/)],
      });
    } finally {
      await db
        .update(guarantors)
        .set({ email: maria.email })
        .where(eq(guarantors.id, payment.guarantorId));
      await db
        .update(payments)
        .set({ receiptEmail: before?.receiptEmail ?? null })
        .where(eq(payments.id, payment.id));
    }
    const unknown = await resend(tokens.agent, {}, '00000000-0000-0000-0000-000000000000');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { details: string[] }).details).toEqual([
      'No recorded payment with a receipt has this id.',
    ]);
  });
});
