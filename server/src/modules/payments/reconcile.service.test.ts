import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, pendingPayments, receipts } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/support/mail-catcher.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { sandboxUrls } from '../../../test/support/converge-sandbox.ts';
import {
  MARIA_LINES,
  MARIA_PAYER,
  acceptedAuthorization,
  cancelPayment,
  completeCard,
  errorOf,
  newKey,
  payAch,
  payInLightbox,
  paymentByRef,
  receiptOf,
  startedCard,
} from '../../../test/support/payments.ts';
import type { ReconcileReport } from './reconcile.service.ts';
import { reconcileReportLines } from '../../cli/commands/reconcile.ts';
import { runCli } from '../../cli/webpay.ts';
import type { CommandContext } from '../../cli/command.ts';

const { maria } = DEMO_GUARANTORS;
const context: RequestContext = {
  requestId: 'test-reconcile',
  correlationId: 'test',
  ipAddress: '',
};
const MINUTE = 60_000;

describe.each(testDatabaseKinds)('reconciliation (%s)', (kind) => {
  let catcher: MailCatcher;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer(kind, { env: { SMTP_URL: catcher.url } });
    token = await server.login(maria.accountNumber, maria.pin);
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  const db = () => server.database.db;
  const reconcile = (now?: Date) =>
    server.app.services.reconcile.run({ graceSeconds: 0, ...(now ? { now } : {}) }, context);
  const entryFor = (report: ReconcileReport, refNum: string) =>
    report.entries.find((entry) => entry.refNum === refNum);

  it('records an approval that was never completed, once, even when two runs race', async () => {
    const started = await startedCard(server, token, {
      accounts: [MARIA_LINES.surgery(31)],
      payer: { ...MARIA_PAYER, email: 'reconciled@example.com' },
    });
    const sale = await payInLightbox(server, started.token);
    expect(sale.type).toBe('approval');

    const reports = await Promise.all([reconcile(), reconcile()]);
    const actions = reports.map((report) => entryFor(report, started.refNum)?.action);
    expect(actions.filter((action) => action === 'recorded')).toHaveLength(1);
    expect(
      actions.every(
        (action) => action === 'recorded' || action === 'already_recorded' || action === undefined,
      ),
    ).toBe(true);

    const payment = await paymentByRef(db(), started.refNum);
    expect(payment).toMatchObject({ status: 'recorded', processorTxnId: sale.response.ssl_txn_id });
    const stored = await db()
      .select()
      .from(receipts)
      .where(eq(receipts.paymentId, payment?.id ?? ''));
    expect(stored).toHaveLength(1);
    const pending = await db()
      .select()
      .from(pendingPayments)
      .where(eq(pendingPayments.paymentId, payment?.id ?? ''));
    expect(pending).toHaveLength(1);
    await catcher.waitForMail({
      to: 'reconciled@example.com',
      subject: stored[0]?.receiptId ?? '',
    });
    const reconciled = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetId, payment?.id ?? ''),
          eq(auditEvents.action, 'payment.reconciled'),
        ),
      );
    expect(reconciled).toHaveLength(1);
    expect(reconciled[0]).toMatchObject({ actorType: 'system', outcome: 'success' });

    // The guarantor's late completion gets the same receipt.
    const late = await receiptOf(await completeCard(server, token, started.refNum, sale.response));
    expect(late.receiptId).toBe(stored[0]?.receiptId);
    expect(entryFor(await reconcile(), started.refNum)).toBeUndefined();
  });

  it('leaves a lightbox open while it can be paid, and expires it after 15 minutes', async () => {
    const started = await startedCard(server, token, { accounts: [MARIA_LINES.surgery(32)] });
    expect(entryFor(await reconcile(), started.refNum)?.action).toBe('still_open');
    expect((await paymentByRef(db(), started.refNum))?.status).toBe('in_lightbox');

    const later = new Date(Date.now() + 16 * MINUTE);
    expect(entryFor(await reconcile(later), started.refNum)).toMatchObject({
      action: 'cancelled',
      reason: 'expired',
    });
    const payment = await paymentByRef(db(), started.refNum);
    expect(payment).toMatchObject({ status: 'cancelled', failureMessage: 'expired' });
    expect(payment?.reconciledAt).not.toBeNull();
    expect(entryFor(await reconcile(later), started.refNum)).toBeUndefined();
  });

  it('records an approval that arrived after the payment was cancelled: no charge is lost', async () => {
    const started = await startedCard(server, token, { accounts: [MARIA_LINES.surgery(33)] });
    expect((await cancelPayment(server, token, started.refNum, 'Cancelled')).status).toBe(204);
    expect((await payInLightbox(server, started.token)).type).toBe('approval');

    expect(entryFor(await reconcile(), started.refNum)?.action).toBe('recorded');
    expect((await paymentByRef(db(), started.refNum))?.status).toBe('recorded');
  });

  it('closes a cancelled payment once its session is over, without asking again', async () => {
    const started = await startedCard(server, token, { accounts: [MARIA_LINES.surgery(34)] });
    expect((await cancelPayment(server, token, started.refNum, 'Cancelled')).status).toBe(204);
    expect(entryFor(await reconcile(), started.refNum)?.action).toBe('still_open');
    const later = new Date(Date.now() + 16 * MINUTE);
    expect(entryFor(await reconcile(later), started.refNum)?.action).toBe('closed');
    expect(entryFor(await reconcile(later), started.refNum)).toBeUndefined();
  });

  it('is the `webpay reconcile` command, which prints what it did', async () => {
    const started = await startedCard(server, token, { accounts: [MARIA_LINES.surgery(35)] });
    await payInLightbox(server, started.token);
    const out: string[] = [];
    const err: string[] = [];
    const cli: CommandContext = {
      io: { out: (line) => out.push(line), err: (line) => err.push(line) },
      env: server.env,
      withServices: (work) => work(server.app.services, server.database),
      withDatabase: (work) => work(server.database),
    };
    expect(await runCli(['reconcile', '--grace', '0'], cli)).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe('reconcile: payments older than 0 s');
    const line = out.find((text) => text.includes(started.refNum));
    expect(line).toMatch(
      /^recorded\s+PAY-\S+\s+card\s+\$35\.00 — was in_lightbox; approved at the processor/,
    );
    expect(line).toMatch(/receipt WP-[A-Z0-9]{8}$/);
    expect(out.find((text) => text.startsWith('Checked '))).toMatch(
      /^Checked \d+: recorded 1, already recorded 0, /,
    );
    // Then the payment desk's voids and refunds (docs/payment-desk.md).
    expect(out.at(-1)).toMatch(/^Reversals: completed \d+, failed \d+, found at the processor \d+/);

    expect(await runCli(['reconcile', '--grace', 'soon'], cli)).toBe(1);
    expect(await runCli(['reconcile', '--help'], cli)).toBe(0);
  });

  it('reports an empty run plainly', () => {
    const lines = reconcileReportLines(
      {
        entries: [],
        counts: {
          recorded: 0,
          already_recorded: 0,
          cancelled: 0,
          declined: 0,
          failed: 0,
          closed: 0,
          still_open: 0,
          unchanged: 0,
          error: 0,
        },
      },
      120,
    );
    expect(lines).toEqual([
      'No open payments older than 120 s.',
      'Checked 0: recorded 0, already recorded 0, cancelled 0, declined 0, failed 0, closed 0, still open 0, errors 0.',
    ]);
  });
});

/**
 * Stands between the service and the sandbox processor: passes everything
 * on, except that it can swallow the answer of one kind of request after
 * passing it on, as a network that drops an answer would.
 */
async function lossyProcessor(target: () => string) {
  const dropAnswersTo = new Set<string>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const type = /ssl_transaction_type%3E(\w+)%3C/.exec(body)?.[1] ?? '';
      void fetch(target(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      })
        .then(async (answer) => {
          if (dropAnswersTo.has(type)) return;
          response
            .writeHead(answer.status, { 'content-type': 'text/xml' })
            .end(await answer.text());
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/VirtualMerchantDemo/processxml.do`,
    dropAnswersTo,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(testDatabaseKinds)('when the processor’s answer is lost (%s)', (kind) => {
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof lossyProcessor>>;
  let token: string;

  beforeAll(async () => {
    let target = '';
    proxy = await lossyProcessor(() => target);
    server = await startTestServer(kind, {
      env: { CONVERGE_XML_URL: proxy.url, CONVERGE_TIMEOUT_MS: '400' },
    });
    target = sandboxUrls(server.baseUrl).xml;
    token = await server.login(maria.accountNumber, maria.pin);
  });

  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  const db = () => server.database.db;

  it('answers 408 to an eCheck whose answer timed out, keeps it open, and finds its approval on the repeat', async () => {
    const key = newKey();
    const accounts = [MARIA_LINES.surgery(41)];
    const authorization = await acceptedAuthorization(server, token, accounts);
    const pay = () => payAch(server, token, { accounts, authorization }, key);
    proxy.dropAnswersTo.add('ecspurchase');
    proxy.dropAnswersTo.add('txnquery');
    const first = await pay();
    expect(first.status).toBe(408);
    expect(await errorOf(first)).toMatchObject({ code: 'PROCESSOR_TIMEOUT', status: 408 });

    const [payment] = await server.app.services.reconcile
      .run({ graceSeconds: 0 }, context)
      .then((report) => report.entries.filter((entry) => entry.amountCents === 4100));
    expect(payment?.action).toBe('error');
    const stillOpen = await paymentByRef(db(), payment?.refNum ?? '');
    expect(stillOpen).toMatchObject({ status: 'initiated', failureCode: 'processor_timeout' });

    // The same key again, now that answers get through: the debit did happen.
    expect((await pay()).status).toBe(408);
    proxy.dropAnswersTo.clear();
    const receipt = await receiptOf(await pay());
    expect(receipt).toMatchObject({ paymentMethod: 'eCheck', amount: 41 });
    expect((await paymentByRef(db(), payment?.refNum ?? ''))?.status).toBe('recorded');
  });

  it('keeps a card payment open when its approval cannot be checked, and cancels only with the processor’s word', async () => {
    const started = await startedCard(server, token, { accounts: [MARIA_LINES.surgery(42)] });
    const sale = await payInLightbox(server, started.token);
    proxy.dropAnswersTo.add('txnquery');
    try {
      const completion = await completeCard(server, token, started.refNum, sale.response);
      expect(completion.status).toBe(408);
      expect((await cancelPayment(server, token, started.refNum, 'Cancelled')).status).toBe(204);
      expect((await paymentByRef(db(), started.refNum))?.status).toBe('in_lightbox');
    } finally {
      proxy.dropAnswersTo.clear();
    }
    const receipt = await receiptOf(
      await completeCard(server, token, started.refNum, sale.response),
    );
    expect(receipt.amount).toBe(42);
  });
});
