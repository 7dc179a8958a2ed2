import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { dayIn } from '@webpay/contracts/dates';
import {
  ECHECK_AUTHORIZATION_MESSAGES,
  ECHECK_AUTHORIZATION_MESSAGES_ES,
} from '@webpay/contracts/echeck-authorization';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import { formatDateIn, type Language } from '@webpay/contracts/language';
import type { PayerInput } from '@webpay/contracts/billing';
import { PAYMENT_TYPE_LABELS } from '@webpay/contracts/payments';
import {
  auditEvents,
  guarantors,
  paymentLines,
  payments,
  pendingPayments,
  receipts,
  sandboxConvergeTokens,
} from '../../db/schema.ts';
import { FacilityCalendar } from '../../lib/facility-day.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import {
  codeFrom,
  startMailCatcher,
  type MailCatcher,
} from '../../../test/support/mail-catcher.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { sandboxConvergeEnv } from '../../../test/support/converge-sandbox.ts';
import { SANDBOX_BANK_ACCOUNTS, SANDBOX_TEST_CARDS } from '../converge-sandbox/index.ts';
import { ConvergeClient } from './converge/converge.client.ts';
import { PAYMENT_REFERENCE_PATTERN, RECEIPT_ID_PATTERN } from './payment-references.ts';
import { PaymentsRepository } from './payments.repository.ts';
import {
  APPROVED_ECHECK,
  MARIA_LINES,
  MARIA_PAYER,
  acceptedAuthorization,
  payAch as postAch,
  type AchBodyInput,
  cancelPayment,
  completeCard,
  countRows,
  errorOf,
  newKey,
  payByCard,
  payInLightbox,
  paymentByRef,
  processorRecords,
  receiptOf,
  startCard,
  startedCard,
} from '../../../test/support/payments.ts';

const { maria, james } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('payments (%s)', (kind) => {
  let catcher: MailCatcher;
  let server: TestServer;
  let mariaToken: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer(kind, { env: { SMTP_URL: catcher.url } });
    mariaToken = await server.login(maria.accountNumber, maria.pin);
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  const db = () => server.database.db;

  const encountersOf = async (token: string) => {
    const response = await server.api(API_PATHS.encounters, { token });
    expect(response.status).toBe(200);
    return encountersResponseSchema.parse(await response.json());
  };

  const auditFor = (paymentId: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'payment'), eq(auditEvents.targetId, paymentId)));

  describe('card payments', () => {
    it('charges through the lightbox, verifies, records once and shows the pending payment at once', async () => {
      const started = await startedCard(server, mariaToken, {
        accounts: [MARIA_LINES.surgery(125.5), MARIA_LINES.emergency(10)],
      });
      expect(started.refNum).toMatch(PAYMENT_REFERENCE_PATTERN);
      expect(started.token).not.toBe('');
      const opened = await paymentByRef(db(), started.refNum);
      expect(opened).toMatchObject({ status: 'in_lightbox', amountCents: 13_550, method: 'card' });

      const sale = await payInLightbox(server, started.token);
      expect(sale.type).toBe('approval');
      const response = await completeCard(server, mariaToken, started.refNum, sale.response);
      expect(response.status).toBe(200);
      const receipt = await receiptOf(response);
      expect(receipt).toMatchObject({
        id: opened?.id,
        paymentMethod: 'card',
        amount: 135.5,
        status: 'approved',
        card: { brand: 'VISA', last4: '9990', expiry: '12/39' },
        eCheck: null,
        emailedTo: MARIA_PAYER.email,
        billingInformation: { ...MARIA_PAYER },
        accounts: [
          {
            paymentType: PAYMENT_TYPE_LABELS.encounter,
            facilityId: '107',
            locationId: '107',
            accountId: '107-40010001',
            amount: 125.5,
            description: '107-40010001 | Maria Garcia',
          },
          {
            paymentType: PAYMENT_TYPE_LABELS.encounter,
            facilityId: '107',
            locationId: '107',
            accountId: '107-40010002',
            amount: 10,
            description: '107-40010002 | Daniel Garcia',
          },
        ],
      });
      expect(receipt.receiptId).toMatch(RECEIPT_ID_PATTERN);
      expect(Date.now() - Date.parse(receipt.date)).toBeLessThan(60_000);

      const bills = await encountersOf(mariaToken);
      const surgery = bills.encounters.find((encounter) => encounter.accountNumber === '40010001');
      expect(surgery?.pendingPayments).toContainEqual({
        receiptId: receipt.receiptId,
        date: dayIn(server.env.WEBPAY_TIME_ZONE),
        amount: 125.5,
        madeInPortal: true,
      });

      const recorded = await paymentByRef(db(), started.refNum);
      expect(recorded).toMatchObject({
        status: 'recorded',
        processorTxnId: sale.response.ssl_txn_id,
        cardBrand: 'VISA',
        cardLast4: '9990',
      });
      const mail = await catcher.waitForMail({
        to: MARIA_PAYER.email ?? '',
        subject: receipt.receiptId,
      });
      expect(mail.text).toContain('$135.50');
      expect(mail.text).toContain('Visa ending in 9990');
      expect(mail.text).toContain('Account 107-40010001');
      expect(mail.html).toContain(receipt.receiptId);
      for (const part of [mail.text, mail.html, mail.raw]) {
        expect(part).not.toContain(SANDBOX_TEST_CARDS.visa.number);
        expect(part).not.toContain('Daniel');
      }

      const actions = (await auditFor(recorded?.id ?? '')).map((event) => event.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'payment.initiated',
          'payment.token_issued',
          'payment.approval_verified',
          'payment.recorded',
        ]),
      );
      await expect
        .poll(async () =>
          (await auditFor(recorded?.id ?? '')).some((e) => e.action === 'payment.receipt_emailed'),
        )
        .toBe(true);
      const audit = JSON.stringify(await auditFor(recorded?.id ?? ''));
      expect(audit).not.toContain(started.token);
      expect(audit).not.toContain(SANDBOX_TEST_CARDS.visa.number);
    });

    it('pays plans, other facilities and the guarantor account, each line linked to what it paid', async () => {
      const { receipt } = await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.mailInPlan(150), MARIA_LINES.centralLab(45.2)],
        payer: { ...MARIA_PAYER, email: null },
      });
      expect(receipt.emailedTo).toBeNull();
      expect(receipt.accounts.map((line) => line.description)).toEqual([
        'PP-7001-1 | Payment Plan',
        '153-80001 | Maria Garcia',
      ]);
      const bills = await encountersOf(mariaToken);
      const plan = bills.paymentPlans.find((candidate) => candidate.id === 'PP-7001');
      expect(plan?.pendingPayments).toContainEqual(
        expect.objectContaining({ receiptId: receipt.receiptId, amount: 150 }),
      );
      const lab = bills.encounters.find((encounter) => encounter.accountNumber === '80001');
      expect(lab?.pendingPayments).toContainEqual(
        expect.objectContaining({ receiptId: receipt.receiptId, amount: 45.2 }),
      );

      const guarantorLevel = await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.guarantor(20)],
      });
      expect(guarantorLevel.receipt.accounts[0]?.description).toBe('Guarantor Payment');
      const rows = await db()
        .select()
        .from(pendingPayments)
        .where(eq(pendingPayments.receiptId, guarantorLevel.receipt.receiptId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ encounterId: null, planId: null, amountCents: 2000 });
    });

    it('cancels and declines without charging, and records an approval a cancel raced', async () => {
      const cancelled = await startedCard(server, mariaToken, {
        accounts: [MARIA_LINES.surgery(5)],
      });
      expect((await cancelPayment(server, mariaToken, cancelled.refNum, 'Cancelled')).status).toBe(
        204,
      );
      expect(await paymentByRef(db(), cancelled.refNum)).toMatchObject({
        status: 'cancelled',
        failureMessage: 'Cancelled',
      });
      expect((await cancelPayment(server, mariaToken, cancelled.refNum, 'Cancelled')).status).toBe(
        204,
      );

      const declined = await startedCard(server, mariaToken, {
        accounts: [MARIA_LINES.surgery(6)],
      });
      const sale = await payInLightbox(server, declined.token, SANDBOX_TEST_CARDS.declined.number);
      expect(sale.type).toBe('declined');
      expect(
        (await cancelPayment(server, mariaToken, declined.refNum, 'Payment declined: DECLINED'))
          .status,
      ).toBe(204);
      expect(await paymentByRef(db(), declined.refNum)).toMatchObject({ status: 'declined' });
      // The declined transaction is no approval, whatever the browser says of it.
      const forged = await completeCard(server, mariaToken, declined.refNum, {
        ...sale.response,
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
      });
      expect(forged.status).toBe(402);
      expect((await errorOf(forged)).code).toBe('PAYMENT_NOT_VERIFIED');

      const raced = await startedCard(server, mariaToken, { accounts: [MARIA_LINES.surgery(7)] });
      expect((await payInLightbox(server, raced.token)).type).toBe('approval');
      expect((await cancelPayment(server, mariaToken, raced.refNum, 'Cancelled')).status).toBe(204);
      const racedRow = await paymentByRef(db(), raced.refNum);
      expect(racedRow?.status).toBe('recorded');
      const [receiptRow] = await db()
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, racedRow?.id ?? ''));
      const surgery = (await encountersOf(mariaToken)).encounters.find(
        (encounter) => encounter.accountNumber === '40010001',
      );
      expect(surgery?.pendingPayments).toContainEqual(
        expect.objectContaining({ receiptId: receiptRow?.receiptId, amount: 7 }),
      );

      const again = await cancelPayment(server, mariaToken, raced.refNum, 'Cancelled');
      expect(again.status).toBe(409);
      expect((await errorOf(again)).code).toBe('PAYMENT_ALREADY_RECORDED');
    });

    it('does not take the browser’s word for an approval', async () => {
      const started = await startedCard(server, mariaToken, { accounts: [MARIA_LINES.surgery(8)] });

      const madeUp = await completeCard(server, mariaToken, started.refNum, {
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
        ssl_txn_id: '010126A15-00000000-0000-0000-0000-000000000000',
        ssl_amount: '8.00',
        ssl_invoice_number: started.refNum,
      });
      expect(madeUp.status).toBe(402);
      expect(await errorOf(madeUp)).toMatchObject({
        status: 402,
        code: 'PAYMENT_NOT_VERIFIED',
        title: 'Payment not confirmed',
      });

      // A real approval, but of another payment.
      const other = await payByCard(server, mariaToken, { accounts: [MARIA_LINES.surgery(8)] });
      const borrowed = await completeCard(server, mariaToken, started.refNum, other.sale.response);
      expect(borrowed.status).toBe(402);

      // A sale carrying this payment's invoice number but another amount.
      const processor = new ConvergeClient(sandboxConvergeEnv(server.baseUrl, server.env));
      const cheaper = await processor.createTransactionToken({
        amountCents: 100,
        invoiceNumber: started.refNum,
      });
      const cheapSale = await payInLightbox(server, cheaper);
      expect(cheapSale.type).toBe('approval');
      const underpaid = await completeCard(server, mariaToken, started.refNum, {
        ...cheapSale.response,
        ssl_amount: '8.00',
      });
      expect(underpaid.status).toBe(402);

      const missing = await completeCard(server, mariaToken, started.refNum, {
        ssl_result_message: 'APPROVAL',
      });
      expect(missing.status).toBe(400);
      expect((await errorOf(missing)).details[0]).toContain('body.convergeResponse.ssl_txn_id');

      expect(await paymentByRef(db(), started.refNum)).toMatchObject({ status: 'in_lightbox' });
      const [recordedCount] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(receipts)
        .innerJoin(payments, eq(payments.id, receipts.paymentId))
        .where(eq(payments.processorReference, started.refNum));
      expect(recordedCount?.count).toBe(0);

      // The real approval still completes it; what the browser says of the amount is ignored.
      const sale = await payInLightbox(server, started.token);
      const receipt = await receiptOf(
        await completeCard(server, mariaToken, started.refNum, {
          ...sale.response,
          ssl_amount: '0.01',
        }),
      );
      expect(receipt.amount).toBe(8);

      const jamesToken = await server.login(james.accountNumber, james.pin);
      const notHis = await completeCard(server, jamesToken, started.refNum, sale.response);
      expect(notHis.status).toBe(404);
      expect((await errorOf(notHis)).code).toBe('PAYMENT_NOT_FOUND');
      expect((await cancelPayment(server, jamesToken, started.refNum, 'x')).status).toBe(404);
    });

    it('records 50 concurrent completions once: one receipt, one set of pending payments, one e-mail', async () => {
      const started = await startedCard(server, mariaToken, {
        accounts: [MARIA_LINES.surgery(11), MARIA_LINES.mailInPlan(12)],
        payer: { ...MARIA_PAYER, email: 'concurrent@example.com' },
      });
      const sale = await payInLightbox(server, started.token);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          completeCard(server, mariaToken, started.refNum, sale.response),
        ),
      );
      const receiptsAnswered = await Promise.all(responses.map(receiptOf));
      expect(new Set(receiptsAnswered.map((receipt) => receipt.receiptId)).size).toBe(1);
      expect(new Set(receiptsAnswered.map((receipt) => JSON.stringify(receipt))).size).toBe(1);

      const payment = await paymentByRef(db(), started.refNum);
      const stored = await db()
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, payment?.id ?? ''));
      expect(stored).toHaveLength(1);
      const pending = await db()
        .select()
        .from(pendingPayments)
        .where(eq(pendingPayments.paymentId, payment?.id ?? ''));
      expect(pending.map((row) => row.amountCents).sort()).toEqual([1100, 1200]);
      const recordedEvents = (await auditFor(payment?.id ?? '')).filter(
        (event) => event.action === 'payment.recorded',
      );
      expect(recordedEvents).toHaveLength(1);
      await catcher.waitForMail({ to: 'concurrent@example.com' });
      await server.app.services.mail.idle();
      expect(catcher.mailsTo('concurrent@example.com')).toHaveLength(1);
      expect((await processorRecords(db(), started.refNum)).transactions).toHaveLength(1);
    });
  });

  describe('checks of every line', () => {
    const refusals: [string, () => Parameters<typeof startCard>[2], number, string, string][] = [
      [
        'a negative amount',
        () => ({ accounts: [MARIA_LINES.surgery(-5)] }),
        400,
        'VALIDATION_ERROR',
        'body.accounts.0.amount',
      ],
      [
        'three decimals',
        () => ({ accounts: [MARIA_LINES.surgery(1.005)] }),
        400,
        'VALIDATION_ERROR',
        'body.accounts.0.amount',
      ],
      [
        'a zero amount',
        () => ({ accounts: [MARIA_LINES.surgery(0)] }),
        400,
        'VALIDATION_ERROR',
        'body.accounts.0.amount',
      ],
      [
        'more than the balance',
        () => ({ accounts: [MARIA_LINES.emergency(10), MARIA_LINES.surgery(1250.01)] }),
        400,
        'AMOUNT_EXCEEDS_BALANCE',
        'body.accounts.1: $1,250.01 is more than the $1,250.00 open on account 107-40010001',
      ],
      [
        'an account with nothing owed',
        () => ({ accounts: [MARIA_LINES.imaging(1)] }),
        400,
        'AMOUNT_EXCEEDS_BALANCE',
        '107-40010003',
      ],
      [
        'more than a plan’s pay-off amount',
        () => ({ accounts: [MARIA_LINES.mailInPlan(100_000)] }),
        400,
        'AMOUNT_EXCEEDS_BALANCE',
        'PP-7001-1',
      ],
      [
        'more than everything owed',
        () => ({ accounts: [MARIA_LINES.guarantor(1_000_000)] }),
        400,
        'AMOUNT_EXCEEDS_BALANCE',
        '107-5001001',
      ],
      [
        'someone else’s encounter',
        () => ({ accounts: [{ ...MARIA_LINES.surgery(10), accountId: '107-40050001' }] }),
        404,
        'ACCOUNT_NOT_FOUND',
        'body.accounts.0: account 107-40050001 is not one of your open accounts.',
      ],
      [
        'an unknown encounter',
        () => ({
          accounts: [
            MARIA_LINES.surgery(1),
            { ...MARIA_LINES.surgery(10), accountId: '107-99999999' },
          ],
        }),
        404,
        'ACCOUNT_NOT_FOUND',
        'body.accounts.1',
      ],
      [
        'someone else’s guarantor account',
        () => ({ accounts: [{ ...MARIA_LINES.guarantor(10), accountId: '107-5005005' }] }),
        404,
        'ACCOUNT_NOT_FOUND',
        '107-5005005',
      ],
      [
        'an unknown plan',
        () => ({ accounts: [{ ...MARIA_LINES.mailInPlan(10), accountId: '107-PP-9999' }] }),
        404,
        'ACCOUNT_NOT_FOUND',
        '107-PP-9999',
      ],
      [
        'a plan’s encounter paid on its own',
        () => ({ accounts: [{ ...MARIA_LINES.surgery(10), accountId: '107-40009001' }] }),
        400,
        'PAYMENT_TYPE_MISMATCH',
        'payment plan PP-7001-1',
      ],
      [
        'an other-facility account labelled as a main one',
        () => ({
          accounts: [{ ...MARIA_LINES.surgery(10), facilityId: '153', accountId: '153-80001' }],
        }),
        400,
        'PAYMENT_TYPE_MISMATCH',
        'GL Payment',
      ],
      [
        'a main account labelled GL',
        () => ({
          accounts: [{ ...MARIA_LINES.centralLab(10), facilityId: '107', accountId: '40010001' }],
        }),
        400,
        'PAYMENT_TYPE_MISMATCH',
        'Account Payment',
      ],
      [
        'a guarantor payment beside another line',
        () => ({ accounts: [MARIA_LINES.guarantor(10), MARIA_LINES.surgery(10)] }),
        400,
        'PAYMENT_TYPE_MISMATCH',
        'only line',
      ],
      [
        'the same account twice',
        () => ({
          accounts: [MARIA_LINES.surgery(10), MARIA_LINES.emergency(1), MARIA_LINES.surgery(10)],
        }),
        400,
        'DUPLICATE_ACCOUNT',
        'body.accounts.2',
      ],
      [
        'an unknown payment type',
        () => ({ accounts: [{ ...MARIA_LINES.surgery(10), paymentType: 'Free Money' as never }] }),
        400,
        'VALIDATION_ERROR',
        'body.accounts.0.paymentType',
      ],
      [
        'saving the e-mail from a PIN session',
        () => ({ accounts: [MARIA_LINES.surgery(10)], saveEmailAsGuarantor: true }),
        403,
        'SAVE_EMAIL_NOT_ALLOWED',
        'body.saveEmailAsGuarantor',
      ],
    ];

    it.each(refusals)(
      'refuses %s, writing and charging nothing',
      async (_name, body, status, code, detail) => {
        const paymentsBefore = await countRows(db(), 'payments');
        const tokensBefore = await countRows(db(), 'sandbox_converge_tokens');
        const response = await startCard(server, mariaToken, body());
        expect(response.status).toBe(status);
        const error = await errorOf(response);
        expect(error.code).toBe(code);
        expect(error.details.join('\n')).toContain(detail);
        expect(error.details.join('\n')).not.toMatch(/Ana|Torres|Wilson/);
        expect(await countRows(db(), 'payments')).toBe(paymentsBefore);
        expect(await countRows(db(), 'sandbox_converge_tokens')).toBe(tokensBefore);

        // The lines are refused before the authorization's words are compared.
        const ach = await server.api(API_PATHS.paymentsAch, {
          token: mariaToken,
          headers: { [IDEMPOTENCY_KEY_HEADER]: newKey() },
          body: {
            payer: MARIA_PAYER,
            saveEmailAsGuarantor: false,
            eCheck: APPROVED_ECHECK,
            authorization: { accepted: true, text: 'I authorize a debit.' },
            ...body(),
          },
        });
        expect(ach.status).toBe(status);
        expect((await errorOf(ach)).code).toBe(code);
        expect(await countRows(db(), 'payments')).toBe(paymentsBefore);
      },
    );

    it('needs a well-formed Idempotency-Key and a signed-in guarantor', async () => {
      const body = {
        payer: MARIA_PAYER,
        saveEmailAsGuarantor: false,
        accounts: [MARIA_LINES.surgery(1)],
      };
      const missing = await server.api(API_PATHS.paymentsInit, { token: mariaToken, body });
      expect(missing.status).toBe(400);
      expect((await errorOf(missing)).details.join()).toContain('idempotency-key');
      const short = await startCard(server, mariaToken, body, 'short');
      expect(short.status).toBe(400);
      const odd = await startCard(server, mariaToken, body, 'has spaces in it');
      expect(odd.status).toBe(400);
      const anonymous = await server.api(API_PATHS.paymentsInit, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: newKey() },
        body,
      });
      expect(anonymous.status).toBe(401);
      const unknownRef = await completeCard(server, mariaToken, 'PAY-AAAAAAAAAAAA', {
        ssl_txn_id: 'x',
      });
      expect(unknownRef.status).toBe(404);
      expect((await errorOf(unknownRef)).code).toBe('PAYMENT_NOT_FOUND');
      expect((await cancelPayment(server, mariaToken, 'DEMO-5001001-1', 'x')).status).toBe(404);
    });
  });

  describe('control characters and display names in the payer (issue #20)', () => {
    // A line break in the address reached the processor; `Name<address>` became a mail header.
    const lineBreaks = {
      en: 'Line breaks, tabs and other control characters are not allowed',
      es: 'No se permiten saltos de línea, tabulaciones ni otros caracteres de control',
    };
    const notAnAddress = {
      en: 'Please enter a valid email address',
      es: 'Ingrese una dirección de correo electrónico válida',
    };
    const refusals: [string, Partial<PayerInput>, string, Record<'en' | 'es', string>][] = [
      ['CR/LF in the address', { address: '12 Main St\r\nBcc: x' }, 'address', lineBreaks],
      ['a lone LF in the city', { city: 'Provo\nUT' }, 'city', lineBreaks],
      ['a tab in the last name', { lastName: 'Garcia\tX' }, 'lastName', lineBreaks],
      ['a display name', { email: 'Attacker<attacker@evil.co>' }, 'email', notAnAddress],
      [
        'a second recipient',
        { email: 'maria@example.com,attacker@evil.co' },
        'email',
        notAnAddress,
      ],
      [
        'a line break in the e-mail',
        { email: 'maria@example.com\r\nBcc: a@evil.co' },
        'email',
        lineBreaks,
      ],
    ];

    const counts = async () => ({
      payments: await countRows(db(), 'payments'),
      processorSessions: await countRows(db(), 'sandbox_converge_tokens'),
      processorTransactions: await countRows(db(), 'sandbox_converge_transactions'),
      mails: catcher.messages.length,
    });
    // Other tests pay the same account; what they left pending is not what is checked here.
    const request = (payer: PayerInput) => ({
      accounts: [MARIA_LINES.surgery(10)],
      payer,
      acknowledgePending: true,
    });
    const pay = (path: string, payer: PayerInput, language: Language) =>
      path === API_PATHS.paymentsAch
        ? postAch(server, mariaToken, request(payer), newKey(), language)
        : server.api(path, {
            token: mariaToken,
            headers: { [IDEMPOTENCY_KEY_HEADER]: newKey(), 'Accept-Language': language },
            body: { ...request(payer), saveEmailAsGuarantor: false },
          });

    it.each(refusals)(
      'refuses %s by card and by eCheck, naming the field in English and Spanish, changing nothing',
      async (_name, change, field, message) => {
        const before = await counts();
        for (const path of [API_PATHS.paymentsInit, API_PATHS.paymentsAch]) {
          for (const language of ['en', 'es'] as const) {
            const response = await pay(path, { ...MARIA_PAYER, ...change }, language);
            expect(response.status).toBe(400);
            const error = await errorOf(response);
            expect(error.code).toBe('VALIDATION_ERROR');
            expect(error.details).toEqual([`body.payer.${field}: ${message[language]}`]);
          }
        }
        expect(await counts()).toEqual(before);
      },
    );

    it('counts what a plain payer’s eCheck payment stores, sends and e-mails', async () => {
      const before = await counts();
      const response = await pay(API_PATHS.paymentsAch, MARIA_PAYER, 'en');
      expect(response.status).toBe(200);
      await catcher.waitForMail({
        to: MARIA_PAYER.email ?? '',
        subject: (await receiptOf(response)).receiptId,
      });
      const after = await counts();
      expect(after.payments).toBe(before.payments + 1);
      expect(after.processorTransactions).toBe(before.processorTransactions + 1);
      expect(after.mails).toBeGreaterThan(before.mails);
    });
  });

  describe('idempotency', () => {
    it('answers a repeated start with the same reference and token, and opens one session', async () => {
      const key = newKey();
      const body = { accounts: [MARIA_LINES.surgery(13)] };
      const first = await startedCard(server, mariaToken, body, key);
      const repeats = await Promise.all(
        Array.from({ length: 5 }, () => startedCard(server, mariaToken, body, key)),
      );
      for (const repeat of repeats) expect(repeat).toEqual(first);
      expect((await processorRecords(db(), first.refNum)).tokens).toBe(1);

      const different = await startCard(
        server,
        mariaToken,
        { accounts: [MARIA_LINES.surgery(14)] },
        key,
      );
      expect(different.status).toBe(409);
      expect((await errorOf(different)).code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('answers concurrent first starts with one payment and one session', async () => {
      const key = newKey();
      const body = { accounts: [MARIA_LINES.surgery(15)] };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => startedCard(server, mariaToken, body, key)),
      );
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      const rows = await db().select().from(payments).where(eq(payments.idempotencyKey, key));
      expect(rows).toHaveLength(1);
      expect((await processorRecords(db(), answers[0]?.refNum ?? '')).tokens).toBe(1);
    });

    it('keys are the guarantor’s own: the same key from someone else is another payment', async () => {
      const key = newKey();
      const mine = await startedCard(
        server,
        mariaToken,
        { accounts: [MARIA_LINES.surgery(16)] },
        key,
      );
      const jamesToken = await server.login(james.accountNumber, james.pin);
      const his = await startCard(
        server,
        jamesToken,
        {
          accounts: [
            { paymentType: 'GL Payment', facilityId: '221', accountId: '60001', amount: 1 },
          ],
          payer: { ...MARIA_PAYER, firstName: 'James', lastName: 'Wilson' },
        },
        key,
      );
      expect(his.status).toBe(200);
      expect(((await his.json()) as { refNum: string }).refNum).not.toBe(mine.refNum);
    });
  });

  describe('eCheck payments', () => {
    const achBody = (accountNumber: string, accounts = [MARIA_LINES.surgery(20)]) => ({
      accounts,
      eCheck: { ...APPROVED_ECHECK, accountNumber },
    });
    const payAch = (body: AchBodyInput, key = newKey(), language: Language = 'en') =>
      postAch(server, mariaToken, body, key, language);

    it('debits an approved account once, keeping only its last four digits', async () => {
      const key = newKey();
      const body = achBody(SANDBOX_BANK_ACCOUNTS.approved.accountNumber);
      const receipt = await receiptOf(await payAch(body, key));
      expect(receipt).toMatchObject({
        paymentMethod: 'eCheck',
        amount: 20,
        status: 'approved',
        card: null,
        eCheck: {
          accountType: 'CHECKING',
          accountNumber: '••••6789',
          authorization: {
            text: expect.stringMatching(
              /^I authorize Wasatch Valley Health to make a one-time electronic debit \(ACH\) of \$20\.00 from my checking account ending in 6789 on /,
            ),
            language: 'en',
          },
        },
      });
      const again = await receiptOf(await payAch(body, key));
      expect(again).toEqual(receipt);
      const [payment] = await db().select().from(payments).where(eq(payments.id, receipt.id));
      expect(payment).toMatchObject({
        status: 'recorded',
        bankLast4: '6789',
        bankAccountType: 'CHECKING',
      });
      expect(payment?.bankAccountFingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(
        (await processorRecords(db(), payment?.processorReference ?? '')).transactions,
      ).toHaveLength(1);

      const full = SANDBOX_BANK_ACCOUNTS.approved.accountNumber;
      const stored = JSON.stringify([
        payment,
        await db().select().from(paymentLines).where(eq(paymentLines.paymentId, receipt.id)),
        await db().select().from(receipts).where(eq(receipts.paymentId, receipt.id)),
        await auditFor(receipt.id),
      ]);
      expect(stored).not.toContain(full);
      const mail = await catcher.waitForMail({
        to: MARIA_PAYER.email ?? '',
        subject: receipt.receiptId,
      });
      expect(mail.text).toContain('Checking account ending in 6789');
      expect(mail.raw).not.toContain(full);

      const reused = await payAch(
        achBody(SANDBOX_BANK_ACCOUNTS.approved.accountNumber, [MARIA_LINES.surgery(21)]),
        key,
      );
      expect(reused.status).toBe(409);
    });

    it('refuses an eCheck whose authorization was not accepted as shown, writing and debiting nothing', async () => {
      const accounts = [MARIA_LINES.surgery(22)];
      const shown = await acceptedAuthorization(server, mariaToken, accounts);
      const otherAmount = await acceptedAuthorization(server, mariaToken, [{ amount: 23 }]);
      const spanish = await acceptedAuthorization(server, mariaToken, accounts, undefined, 'es');
      const refusals: [unknown, string][] = [
        [undefined, `body.authorization: ${ECHECK_AUTHORIZATION_MESSAGES.required}`],
        [
          { ...shown, accepted: false },
          `body.authorization.accepted: ${ECHECK_AUTHORIZATION_MESSAGES.required}`,
        ],
        [
          { accepted: true },
          `body.authorization.text: ${ECHECK_AUTHORIZATION_MESSAGES.textRequired}`,
        ],
        [otherAmount, 'body.authorization: the authorization you accepted does not match'],
        // Shown in Spanish, sent from an English page: not what this payer read.
        [spanish, 'body.authorization: the authorization you accepted does not match'],
      ];
      const paymentsBefore = await countRows(db(), 'payments');
      for (const [authorization, detail] of refusals) {
        const response = await payAch({ accounts, authorization });
        expect(response.status, detail).toBe(400);
        const error = await errorOf(response);
        expect(error).toMatchObject({ code: 'VALIDATION_ERROR', title: 'Invalid request' });
        expect(error.details.join('\n')).toContain(detail);
      }
      expect(await countRows(db(), 'payments')).toBe(paymentsBefore);

      const inSpanish = await payAch({ accounts, authorization: shown }, newKey(), 'es');
      expect(inSpanish.status).toBe(400);
      const today = formatDateIn('es', dayIn(server.env.WEBPAY_TIME_ZONE));
      expect((await errorOf(inSpanish)).details).toEqual([
        `body.authorization: la autorización que aceptó no corresponde a este pago, un cheque electrónico debitado hoy, ${today}, de la cuenta que ingresó. No se le hizo ningún cargo. Vuelva a cargar la página, lea de nuevo la autorización y acéptela.`,
      ]);
      const unaccepted = await payAch({ accounts, authorization: undefined }, newKey(), 'es');
      expect((await errorOf(unaccepted)).details).toEqual([
        `body.authorization: ${ECHECK_AUTHORIZATION_MESSAGES_ES.required}`,
      ]);
      expect(await countRows(db(), 'payments')).toBe(paymentsBefore);
    });

    it('keeps the accepted text in the language of the request, sends ssl_agree and quotes it on the receipt', async () => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      try {
        const accounts = [MARIA_LINES.surgery(24)];
        const response = await payAch({ accounts }, newKey(), 'es');
        const receipt = await receiptOf(response);
        const expected = (
          await acceptedAuthorization(server, mariaToken, accounts, undefined, 'es')
        ).text;
        expect(expected).toMatch(
          /^Autorizo a Wasatch Valley Health .* \$24\.00 de mi cuenta de cheques terminada en 6789 el /,
        );
        expect(expected).toContain('(801) 555-0142');
        expect(receipt.eCheck).toEqual({
          accountType: 'CHECKING',
          accountNumber: '••••6789',
          authorization: { text: expected, language: 'es' },
        });
        const [row] = await db().select().from(payments).where(eq(payments.id, receipt.id));
        expect(row).toMatchObject({
          eCheckAuthorization: expected,
          eCheckAuthorizationLanguage: 'es',
        });

        // What the service put on the wire to the processor for this debit.
        const debits = fetchSpy.mock.calls
          .filter(([url]) => String(url) === server.env.CONVERGE_XML_URL)
          .map(([, init]) => new URLSearchParams(String(init?.body ?? '')).get('xmldata') ?? '')
          .filter((xml) => xml.includes(`<ssl_invoice_number>${row?.processorReference}<`));
        expect(debits).toHaveLength(1);
        expect(debits[0]).toContain('<ssl_transaction_type>ecspurchase<');
        expect(debits[0]).toContain('<ssl_agree>1</ssl_agree>');

        const mail = await catcher.waitForMail({
          to: MARIA_PAYER.email ?? '',
          subject: receipt.receiptId,
        });
        expect(mail.text).toContain(expected);
      } finally {
        fetchSpy.mockRestore();
      }
    });

    it('answers a decline with 402 and a processor failure with 500, recording neither', async () => {
      const key = newKey();
      const declined = await payAch(achBody(SANDBOX_BANK_ACCOUNTS.declined.accountNumber), key);
      expect(declined.status).toBe(402);
      const error = await errorOf(declined);
      expect(error).toMatchObject({ code: 'PAYMENT_DECLINED', title: 'Payment declined' });
      expect(error.details[0]).toContain('You have not been charged');
      // The processor's own word stays in the audit row, out of the patient's sentence.
      expect(error.details[0]).not.toContain('DECLINED');
      const repeat = await payAch(achBody(SANDBOX_BANK_ACCOUNTS.declined.accountNumber), key);
      expect(repeat.status).toBe(402);
      const [declinedRow] = await db()
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, key));
      expect(declinedRow?.status).toBe('declined');

      const failedKey = newKey();
      const failed = await payAch(
        achBody(SANDBOX_BANK_ACCOUNTS.processorError.accountNumber),
        failedKey,
      );
      expect(failed.status).toBe(500);
      expect((await errorOf(failed)).code).toBe('PROCESSOR_ERROR');
      const [failedRow] = await db()
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, failedKey));
      expect(failedRow?.status).toBe('failed');

      const recorded = await db()
        .select()
        .from(receipts)
        .where(inArray(receipts.paymentId, [declinedRow?.id ?? '', failedRow?.id ?? '']));
      expect(recorded).toEqual([]);
    });
  });

  describe('names in every script (decision 0017)', () => {
    const unicodePayer = (firstName: string, lastName: string) => ({
      ...MARIA_PAYER,
      firstName,
      lastName,
    });

    it('keeps the name as typed, e-mails it, and sends the processor its ASCII spelling', async () => {
      // Typed with combining accents; stored composed.
      const payer = unicodePayer('Nguye\u0302\u0303n Thi\u0323', '陈');
      const { started, receipt } = await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(3)],
        payer,
      });
      expect(receipt.billingInformation).toMatchObject({ firstName: 'Nguyễn Thị', lastName: '陈' });
      const [stored] = await db()
        .select({ snapshot: receipts.snapshot })
        .from(receipts)
        .where(eq(receipts.paymentId, receipt.id));
      expect(stored?.snapshot.billingInformation).toMatchObject({
        firstName: 'Nguyễn Thị',
        lastName: '陈',
      });

      // Converge takes ASCII: the first name without its accents, the last name not at all.
      const [token] = await db()
        .select({ customer: sandboxConvergeTokens.customer })
        .from(sandboxConvergeTokens)
        .where(eq(sandboxConvergeTokens.invoiceNumber, started.refNum));
      expect(token?.customer).toMatchObject({ ssl_first_name: 'Nguyen Thi' });
      expect(token?.customer).not.toHaveProperty('ssl_last_name');

      const mail = await catcher.waitForMail({
        to: MARIA_PAYER.email ?? '',
        subject: receipt.receiptId,
      });
      expect(mail.text).toContain('Hello Nguyễn Thị,');
      expect(mail.html).toContain('Hello Nguyễn Thị,');
    });

    it('debits a bank account for a name with no Latin spelling under a stand-in', async () => {
      const response = await postAch(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(4)],
        payer: unicodePayer('小明', '陈'),
        acknowledgePending: true,
      });
      const receipt = await receiptOf(response);
      expect(receipt.billingInformation).toMatchObject({ firstName: '小明', lastName: '陈' });
      const [payment] = await db().select().from(payments).where(eq(payments.id, receipt.id));
      const { transactions } = await processorRecords(db(), payment?.processorReference ?? '');
      expect(transactions).toHaveLength(1);
      expect(transactions[0]).toMatchObject({ firstName: 'Account', lastName: 'Holder' });
    });

    it('refuses digits and symbols in a name, naming the field, in the reader’s language', async () => {
      const before = await countRows(db(), 'payments');
      const english = await startCard(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(1)],
        payer: unicodePayer('Zoë 2', 'O’Brien'),
      });
      expect(english.status).toBe(400);
      const error = await errorOf(english);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details.join('\n')).toContain(
        'body.payer.firstName: First name can only contain letters, spaces, hyphens, apostrophes and periods',
      );
      const spanish = await server.api(API_PATHS.paymentsInit, {
        token: mariaToken,
        headers: { [IDEMPOTENCY_KEY_HEADER]: newKey(), 'Accept-Language': 'es' },
        body: {
          accounts: [MARIA_LINES.emergency(1)],
          payer: unicodePayer('Zoë', 'Chen$'),
          saveEmailAsGuarantor: false,
        },
      });
      expect((await errorOf(spanish)).details.join('\n')).toContain(
        'El apellido solo puede contener letras, espacios, guiones, apóstrofos y puntos',
      );
      expect(await countRows(db(), 'payments')).toBe(before);
    });
  });

  describe('saving the payer’s e-mail as the guarantor’s', () => {
    it('is refused for a PIN session, and applied for a code session once the payment is recorded', async () => {
      const jamesPin = await server.login(james.accountNumber, james.pin);
      const line = {
        paymentType: 'GL Payment' as const,
        facilityId: '221',
        accountId: '60001',
        amount: 2,
      };
      const payer = {
        ...MARIA_PAYER,
        firstName: 'James',
        lastName: 'Wilson',
        email: 'james.new@example.com',
      };
      const refused = await startCard(server, jamesPin, {
        accounts: [line],
        payer,
        saveEmailAsGuarantor: true,
      });
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).code).toBe('SAVE_EMAIL_NOT_ALLOWED');

      const started = await server.api(API_PATHS.loginEmail, {
        body: { email: james.email, birthdate: james.birthdate },
      });
      const verification = (await started.json()) as {
        guarantorId: string;
        verificationId: string;
      };
      const code = codeFrom(
        await catcher.waitForMail({ to: james.email, subject: 'sign-in code' }),
      );
      const login = await server.api(API_PATHS.loginCode, {
        body: {
          guarantorId: verification.guarantorId,
          verificationId: verification.verificationId,
          code,
        },
      });
      expect(login.status).toBe(200);
      const totp = ((await login.json()) as { access_token: string }).access_token;

      const { started: payment } = await payByCard(server, totp, {
        accounts: [line],
        payer,
        saveEmailAsGuarantor: true,
      });
      const [saved] = await db()
        .select({ email: guarantors.email, verified: guarantors.emailVerifiedAt })
        .from(guarantors)
        .where(eq(guarantors.accountNumber, james.accountNumber));
      expect(saved).toEqual({ email: 'james.new@example.com', verified: null });
      expect((await paymentByRef(db(), payment.refNum))?.saveEmailAsGuarantor).toBe(true);
      await catcher.waitForMail({ to: 'james.new@example.com', subject: 'receipt' });
    });

    it('refuses it without an address, and never takes an address another guarantor has', async () => {
      const response = await startCard(server, mariaToken, {
        accounts: [MARIA_LINES.surgery(1)],
        payer: { ...MARIA_PAYER, email: null },
        saveEmailAsGuarantor: true,
      });
      expect(response.status).toBe(403);

      const [jamesRow] = await db()
        .select({ id: guarantors.id })
        .from(guarantors)
        .where(eq(guarantors.accountNumber, james.accountNumber));
      const repository = new PaymentsRepository(
        db(),
        new FacilityCalendar(server.env.WEBPAY_TIME_ZONE),
      );
      expect(
        await repository.saveGuarantorEmail(jamesRow?.id ?? '', 'MARIA.GARCIA@example.com'),
      ).toBe('in_use');
      const [mariaRow] = await db()
        .select({ id: guarantors.id })
        .from(guarantors)
        .where(eq(guarantors.accountNumber, maria.accountNumber));
      expect(await repository.saveGuarantorEmail(mariaRow?.id ?? '', maria.email)).toBe(
        'unchanged',
      );
    });
  });
});
