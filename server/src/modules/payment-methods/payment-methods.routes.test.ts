import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import {
  PAYMENT_METHOD_PATHS,
  paymentMethodListSchema,
  paymentMethodSchema,
  storedCredentialConsentText,
  type PaymentMethodKind,
} from '@webpay/contracts/payment-methods';
import {
  auditEvents,
  guarantors,
  paymentAuthorizations,
  paymentMethods,
  paymentPlans,
  payments,
  statementAutopay,
} from '../../db/schema.ts';
import { openBankAccount, paymentMethodKeyring } from '../../lib/payment-method-keys.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  MARIA_LINES,
  MARIA_PAYER,
  completeCard,
  errorOf,
  newKey,
  paymentByRef,
  receiptOf,
} from '../../../test/support/payments.ts';
import { formatConvergeAmount, type ConvergeTxn, type TxnQuery } from '../payments/index.ts';
import { resealBankAccounts } from './reseal.ts';
import type { StoredCardToken } from './processor.ts';

const { maria } = DEMO_GUARANTORS;

const VISA = { masked: '41**********9990', brand: 'VISA', expiry: '1239' };
const MC = { masked: '54**********3330', brand: 'MC', expiry: '0640' };
type Card = typeof VISA;

/** A value the test has just written; its absence is the failure. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/** The processor as the payments and saved methods call it, answering from what the test gave it. */
class FakeProcessor {
  sessions: { invoiceNumber: string; amountCents?: number; addToken?: boolean }[] = [];
  txns = new Map<string, ConvergeTxn>();
  tokens = new Map<string, StoredCardToken>();
  deleted: string[] = [];

  async createTransactionToken(request: {
    invoiceNumber: string;
    amountCents?: number;
    addToken?: boolean;
    transactionType?: string;
  }): Promise<string> {
    this.sessions.push(request);
    return `lightbox-${randomUUID()}`;
  }

  async queryTransaction(query: TxnQuery): Promise<ConvergeTxn[]> {
    const all = [...this.txns.values()];
    if ('txnId' in query) return all.filter((txn) => txn.ssl_txn_id === query.txnId);
    if ('invoiceNumber' in query) {
      return all.filter((txn) => txn.ssl_invoice_number === query.invoiceNumber);
    }
    return all;
  }

  async ecsPurchase(): Promise<ConvergeTxn> {
    throw new Error('not used here');
  }

  async queryToken(token: string): Promise<StoredCardToken | null> {
    return this.tokens.get(token) ?? null;
  }

  async deleteToken(token: string): Promise<void> {
    this.deleted.push(token);
    this.tokens.delete(token);
  }

  /** A token the processor holds for `card`. */
  token(card: Card): string {
    const token = `tok-${randomUUID()}`;
    this.tokens.set(token, {
      token,
      cardNumberMasked: card.masked,
      cardBrand: card.brand,
      expiry: card.expiry,
    });
    return token;
  }

  /** A transaction the processor holds: a verification or a sale of `card`. */
  txn(invoiceNumber: string, card: Card, fields: Record<string, string>): string {
    const txnId = randomUUID();
    this.txns.set(txnId, {
      ssl_txn_id: txnId,
      ssl_result: '0',
      ssl_result_message: 'APPROVAL',
      ssl_approval_code: 'A1B2C3',
      ssl_invoice_number: invoiceNumber,
      ssl_card_number: card.masked,
      ssl_card_short_description: card.brand,
      ssl_exp_date: card.expiry,
      ...fields,
    });
    return txnId;
  }
}

describe.each(testDatabaseKinds)('saved payment methods (%s)', (kind) => {
  const processor = new FakeProcessor();
  let server: TestServer;
  let mariaToken: string;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      serviceOverrides: { processor, paymentMethodProcessor: processor },
    });
    mariaToken = await server.login(maria.accountNumber, maria.pin);
  });

  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const mariaId = async () => {
    const [row] = await db()
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, maria.accountNumber));
    if (!row) throw new Error('no Maria');
    return row.id;
  };
  const consent = (methodKind: PaymentMethodKind, language: 'en' | 'es' = 'en') => ({
    accepted: true,
    text: storedCredentialConsentText(language, methodKind, {
      payee: server.env.WEBPAY_PROVIDER_NAME,
      billingOfficePhone: maria.supportPhone,
    }),
  });

  const list = async () => {
    const response = await server.api(PAYMENT_METHOD_PATHS.list, { token: mariaToken });
    expect(response.status).toBe(200);
    return paymentMethodListSchema.parse(await response.json()).methods;
  };

  const addBank = (accountNumber: string, text = consent('bank')) =>
    server.api(PAYMENT_METHOD_PATHS.bank, {
      token: mariaToken,
      body: {
        payer: MARIA_PAYER,
        eCheck: { routingNumber: '011000015', accountNumber, accountType: 'CHECKING' },
        consent: text,
      },
    });

  const startSetup = (key = newKey()) =>
    server.api(PAYMENT_METHOD_PATHS.cardSetup, {
      token: mariaToken,
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      body: { payer: MARIA_PAYER, consent: consent('card') },
    });

  /** Adds a card through the window; answers the completion's response. */
  const addCard = async (card: Card, tokenCard: Card = card) => {
    const started = await startSetup();
    expect(started.status).toBe(200);
    const { setupId } = (await started.json()) as { setupId: string };
    const txnId = processor.txn(setupId, card, {
      ssl_transaction_type: 'CCVERIFY',
      ssl_amount: '0.00',
    });
    const token = processor.token(tokenCard);
    const response = await server.api(PAYMENT_METHOD_PATHS.cardSetupCompletion(setupId), {
      method: 'PUT',
      token: mariaToken,
      body: { convergeResponse: { ssl_txn_id: txnId, ssl_token: token } },
    });
    return { response, setupId, txnId, token };
  };

  const auditActions = async (action: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.guarantorId, await mariaId())));

  it('adds a card through the verified window, once, and keeps its consent', async () => {
    const { response, setupId, txnId, token } = await addCard(VISA);
    expect(response.status).toBe(200);
    const method = paymentMethodSchema.parse(await response.json());
    expect(method).toMatchObject({
      kind: 'card',
      brand: 'VISA',
      last4: '9990',
      expiry: '12/39',
      expiresOn: '2039-12-31',
      expired: false,
      expiringSoon: false,
      isDefault: true,
      holderName: 'Maria Garcia',
      usedBy: [],
    });
    const session = processor.sessions.find((s) => s.invoiceNumber === setupId);
    expect(session).toMatchObject({ transactionType: 'ccgettoken', addToken: true });

    const [row] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
    expect(row).toMatchObject({ processorToken: token, firstTxnId: txnId, savedFrom: 'setup' });
    const [authorization] = await db()
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.paymentMethodId, method.id));
    expect(authorization).toMatchObject({
      id: row?.authorizationId,
      kind: 'stored_credential',
      text: consent('card').text,
      language: 'en',
    });
    expect(authorization?.ipAddress).toBeTruthy();

    // The same answer again: the same method, nothing saved twice.
    const again = await server.api(PAYMENT_METHOD_PATHS.cardSetupCompletion(setupId), {
      method: 'PUT',
      token: mariaToken,
      body: { convergeResponse: { ssl_txn_id: txnId, ssl_token: token } },
    });
    expect(again.status).toBe(200);
    expect(paymentMethodSchema.parse(await again.json()).id).toBe(method.id);
    expect((await list()).filter((m) => m.kind === 'card')).toHaveLength(1);
  });

  it('refuses a token whose card is not the verified one, and a verification of another setup', async () => {
    const mismatch = await addCard(VISA, MC);
    expect(mismatch.response.status).toBe(402);
    expect((await errorOf(mismatch.response)).code).toBe('CARD_NOT_VERIFIED');

    const started = await startSetup();
    const { setupId } = (await started.json()) as { setupId: string };
    const otherInvoice = processor.txn('CARD-SOMEONEELSE', VISA, {
      ssl_transaction_type: 'CCVERIFY',
    });
    const wrong = await server.api(PAYMENT_METHOD_PATHS.cardSetupCompletion(setupId), {
      method: 'PUT',
      token: mariaToken,
      body: { convergeResponse: { ssl_txn_id: otherInvoice, ssl_token: processor.token(VISA) } },
    });
    expect(wrong.status).toBe(402);
    const failures = await auditActions('payment_method.save_failed');
    expect(failures.map((event) => event.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'card_mismatch' }),
        expect.objectContaining({ reason: 'not_verified' }),
      ]),
    );
    expect(JSON.stringify(failures)).not.toContain('9990');
  });

  it('refuses a consent in other words than the service’s', async () => {
    const changed = await addBank('123456789', { accepted: true, text: 'I agree.' });
    expect(changed.status).toBe(400);
    expect((await errorOf(changed)).details.join(' ')).toContain('body.consent.text');
    const spanishInEnglish = await addBank('123456789', consent('bank', 'es'));
    expect(spanishInEnglish.status).toBe(400);
  });

  it('seals a bank account, refuses it twice, and re-seals it under a new key', async () => {
    const response = await addBank('000123456789');
    expect(response.status).toBe(200);
    const method = paymentMethodSchema.parse(await response.json());
    expect(method).toMatchObject({ kind: 'bank', brand: 'CHECKING', last4: '6789', expiry: null });

    const [row] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
    expect(JSON.stringify(row)).not.toContain('000123456789');
    expect(JSON.stringify(row)).not.toContain('011000015');
    const keyring = paymentMethodKeyring(server.env.PAYMENT_METHOD_KEYS, server.env.JWT_SECRET);
    expect(openBankAccount(keyring, must(row?.bankSealed), must(row?.bankKeyId))).toEqual({
      routingNumber: '011000015',
      accountNumber: '000123456789',
      accountType: 'CHECKING',
    });
    const chargeable = await server.app.services.paymentMethods.repository.chargeable(method.id);
    expect(chargeable).toMatchObject({ kind: 'bank', bank: { accountNumber: '000123456789' } });

    const twice = await addBank('000123456789');
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe('PAYMENT_METHOD_DUPLICATE');

    const repository = server.app.services.paymentMethods.repository;
    const rotated = [{ id: 'next', keyHex: randomBytes(32).toString('hex') }, ...keyring];
    const report = await resealBankAccounts(repository, rotated, { dryRun: false });
    expect(report).toMatchObject({ resealed: 1, missingKeys: [] });
    const [resealed] = await db()
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, method.id));
    expect(resealed?.bankKeyId).toBe('next');
    expect(
      openBankAccount([must(rotated[0])], must(resealed?.bankSealed), 'next').accountNumber,
    ).toBe('000123456789');
    // The old keys alone cannot read it any more, and a run without the key it names refuses.
    expect(() => openBankAccount(keyring, must(resealed?.bankSealed), 'next')).toThrow(
      /not configured/,
    );
    const refused = await resealBankAccounts(repository, keyring, { dryRun: false });
    expect(refused).toMatchObject({ resealed: 0, missingKeys: ['next'] });
    await db()
      .update(paymentMethods)
      .set({ bankSealed: row?.bankSealed, bankKeyId: row?.bankKeyId })
      .where(eq(paymentMethods.id, method.id));

    const audited = await auditActions('payment_method.saved');
    expect(JSON.stringify(audited)).not.toContain('000123456789');
  });

  it('moves the default, refuses removing a method in use, and moves its uses to a replacement', async () => {
    const methods = await list();
    const card = methods.find((m) => m.kind === 'card');
    const bank = methods.find((m) => m.kind === 'bank');
    if (!card || !bank) throw new Error('the earlier tests saved a card and an account');
    expect(card.isDefault).toBe(true);

    const moved = await server.api(PAYMENT_METHOD_PATHS.makeDefault(bank.id), {
      method: 'PUT',
      token: mariaToken,
    });
    expect(moved.status).toBe(200);
    const after = paymentMethodListSchema.parse(await moved.json()).methods;
    expect(after[0]).toMatchObject({ id: bank.id, isDefault: true });
    expect(after.filter((m) => m.isDefault)).toHaveLength(1);

    const guarantorId = await mariaId();
    const planId = randomUUID();
    await db().insert(paymentPlans).values({
      id: planId,
      guarantorId,
      planNumber: 'PP-TESTAUTO',
      version: 1,
      type: 'Auto',
      status: 'Active',
      dueCents: 5000,
      regularPaymentCents: 5000,
      currentBalanceCents: 20000,
      numberOfPayments: 4,
      source: 'portal',
      autopayMethodId: card.id,
    });
    const authorizationId = randomUUID();
    await db().insert(paymentAuthorizations).values({
      id: authorizationId,
      guarantorId,
      kind: 'statement_autopay',
      text: 'autopay',
      language: 'en',
      acceptedAt: new Date(),
    });
    await db().insert(statementAutopay).values({
      id: randomUUID(),
      guarantorId,
      paymentMethodId: card.id,
      capCents: 50000,
      authorizationId,
    });

    const listed = (await list()).find((m) => m.id === card.id);
    expect(listed?.usedBy).toEqual([
      { kind: 'plan', planNumber: 'PP-TESTAUTO', planVersion: 1 },
      { kind: 'statement_autopay' },
    ]);

    const refused = await server.api(PAYMENT_METHOD_PATHS.remove(card.id), {
      method: 'DELETE',
      token: mariaToken,
      body: {},
    });
    expect(refused.status).toBe(409);
    const error = await errorOf(refused);
    expect(error.code).toBe('PAYMENT_METHOD_IN_USE');
    expect(error.details).toHaveLength(2);
    expect(error.details[0]).toContain('PP-TESTAUTO');

    const notMine = await server.api(PAYMENT_METHOD_PATHS.remove(card.id), {
      method: 'DELETE',
      token: mariaToken,
      body: { replacementId: randomUUID() },
    });
    expect(notMine.status).toBe(400);

    const replaced = await server.api(PAYMENT_METHOD_PATHS.remove(card.id), {
      method: 'DELETE',
      token: mariaToken,
      body: { replacementId: bank.id },
    });
    expect(replaced.status).toBe(204);
    const [plan] = await db().select().from(paymentPlans).where(eq(paymentPlans.id, planId));
    expect(plan?.autopayMethodId).toBe(bank.id);
    const [autopay] = await db()
      .select()
      .from(statementAutopay)
      .where(eq(statementAutopay.guarantorId, guarantorId));
    expect(autopay?.paymentMethodId).toBe(bank.id);
    const [removedRow] = await db()
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, card.id));
    expect(removedRow?.removedAt).not.toBeNull();
    expect(processor.deleted).toContain(removedRow?.processorToken);
    expect(await server.app.services.paymentMethods.repository.chargeable(card.id)).toBeUndefined();
    expect((await list()).map((m) => m.id)).not.toContain(card.id);
    expect(await auditActions('payment_method.removed')).toHaveLength(1);
    expect(await auditActions('payment_method.default_changed')).toHaveLength(1);

    const gone = await server.api(PAYMENT_METHOD_PATHS.makeDefault(card.id), {
      method: 'PUT',
      token: mariaToken,
    });
    expect(gone.status).toBe(404);
  });

  describe('saving the card while paying', () => {
    const payAndSave = async (card: Card, tokenCard: Card, key = newKey()) => {
      const started = await server.api('/payments/init', {
        token: mariaToken,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        body: {
          payer: MARIA_PAYER,
          saveEmailAsGuarantor: false,
          accounts: [MARIA_LINES.surgery(12)],
          acknowledgePending: true,
          saveCard: consent('card'),
        },
      });
      expect(started.status).toBe(200);
      const { refNum } = (await started.json()) as { refNum: string };
      const txnId = processor.txn(refNum, card, {
        ssl_transaction_type: 'SALE',
        ssl_amount: formatConvergeAmount(1200),
      });
      const token = processor.token(tokenCard);
      const convergeResponse = { ssl_txn_id: txnId, ssl_token: token };
      const response = await completeCard(server, mariaToken, refNum, convergeResponse);
      return { response, refNum, convergeResponse };
    };

    it('asks for a token in the sale, saves the card once and links the payment', async () => {
      const { response, refNum, convergeResponse } = await payAndSave(MC, MC);
      expect(response.status).toBe(200);
      const receipt = await receiptOf(response);
      expect(receipt.status).toBe('approved');
      expect(processor.sessions.find((s) => s.invoiceNumber === refNum)).toMatchObject({
        addToken: true,
        amountCents: 1200,
      });

      const payment = await paymentByRef(db(), refNum);
      expect(payment?.saveCardConsent).toBe(consent('card').text);
      expect(payment?.paymentMethodId).toBeTruthy();
      const [method] = await db()
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.id, must(payment?.paymentMethodId)));
      expect(method).toMatchObject({
        savedFrom: 'payment',
        processorToken: convergeResponse.ssl_token,
        firstTxnId: convergeResponse.ssl_txn_id,
        firstApprovalCode: 'A1B2C3',
        last4: '3330',
        cardExpiry: '0640',
      });

      const again = await completeCard(server, mariaToken, refNum, convergeResponse);
      expect(again.status).toBe(200);
      const saved = await db()
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.processorToken, convergeResponse.ssl_token));
      expect(saved).toHaveLength(1);
    });

    it('records the payment even when the token is not the card charged', async () => {
      const before = await db().select().from(paymentMethods);
      const { response, refNum } = await payAndSave(VISA, MC);
      expect(response.status).toBe(200);
      expect((await receiptOf(response)).status).toBe('approved');
      const payment = await paymentByRef(db(), refNum);
      expect(payment).toMatchObject({ status: 'recorded', paymentMethodId: null });
      expect(await db().select().from(paymentMethods)).toHaveLength(before.length);
      const failures = await auditActions('payment_method.save_failed');
      expect(failures.some((event) => event.details?.paymentId === payment?.id)).toBe(true);
    });

    it('refuses to start a payment whose save-card consent is in other words', async () => {
      const response = await server.api('/payments/init', {
        token: mariaToken,
        headers: { [IDEMPOTENCY_KEY_HEADER]: newKey() },
        body: {
          payer: MARIA_PAYER,
          saveEmailAsGuarantor: false,
          accounts: [MARIA_LINES.surgery(5)],
          acknowledgePending: true,
          saveCard: { accepted: true, text: 'Store it.' },
        },
      });
      expect(response.status).toBe(400);
      const rows = await db()
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.saveCardConsent, 'Store it.'));
      expect(rows).toHaveLength(0);
    });
  });
});
