import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { receipts } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { MARIA_LINES, payAch, receiptOf } from '../support/payments.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';

/*
 * Issue 22: e-mail nobody waits for is never lost to a mail server outage.
 * The service starts with SMTP_URL pointing at a port where nothing listens;
 * a payment asking for an e-mailed receipt succeeds; then a mail server
 * starts on that very port, and the receipt arrives, once, within a minute
 * (the outbox retries 10 to 20 seconds after a failure, then backs off).
 */

const { maria } = DEMO_GUARANTORS;
const RECEIPT_WITHIN_MS = 60_000;

describe('the mail outbox through a mail server outage', () => {
  let server: TestServer | undefined;
  let catcher: MailCatcher | undefined;

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  it('records the payment while nothing takes mail, and sends its receipt once the mail server is up', async () => {
    const port = await freePort();
    const running = await startTestServer(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?connectionTimeout=1000&greetingTimeout=1000` },
    });
    server = running;
    const token = await running.login(maria.accountNumber, maria.pin);
    const paid = await payAch(server, token, { accounts: [MARIA_LINES.surgery(12.34)] });
    expect(paid.status).toBe(200);
    const receipt = await receiptOf(paid);

    // The first attempt found no mail server: the receipt waits in the outbox.
    await expect
      .poll(async () => (await running.app.services.jobs.overview()).find((q) => q.name === 'mail'))
      .toMatchObject({ waiting: 1, active: 0 });
    const [stored] = await running.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.receiptId, receipt.receiptId));
    expect(stored?.emailedAt).toBeNull();

    catcher = await startMailCatcher(port);
    const mail = await catcher.waitForMail(
      { to: maria.email, subject: receipt.receiptId },
      RECEIPT_WITHIN_MS,
    );
    expect(mail.text).toContain('$12.34');
    // Once: nothing more comes, and the receipt is marked e-mailed.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(catcher.mailsTo(maria.email)).toHaveLength(1);
    const [emailed] = await running.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.receiptId, receipt.receiptId));
    expect(emailed?.emailedAt).toBeInstanceOf(Date);
    expect((await running.app.services.jobs.overview()).find((q) => q.name === 'mail')).toEqual({
      name: 'mail',
      waiting: 0,
      active: 0,
      failed: 0,
      oldestWaitingSeconds: 0,
      lastCompletedOn: expect.any(Date),
    });
  }, 120_000);
});
