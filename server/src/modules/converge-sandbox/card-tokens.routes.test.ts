import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxConvergeCardTokens, sandboxConvergeTransactions } from '../../db/schema.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { fieldsOf } from '../payments/index.ts';
import { ConvergeClient, isApproved } from '../payments/index.ts';
import {
  credentialFields,
  postForm,
  postSale,
  sandboxUrls,
  uniqueInvoice,
  xmlCall,
  xmlTxn,
} from '../../../test/support/converge-sandbox.ts';
import { startLocalSandbox } from './local-sandbox.ts';
import { SANDBOX_TEST_CARDS } from './test-instruments.ts';

type LightboxAnswer = { type: string; response?: Record<string, string>; error?: unknown };

describe.each(testDatabaseKinds)('Converge sandbox: stored cards (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  const sessionToken = async (fields: Record<string, string>) => {
    const response = await postForm(sandboxUrls(server.baseUrl).token, {
      ...credentialFields(server.env),
      ssl_first_name: 'Maria',
      ssl_last_name: 'Lopez',
      ...fields,
    });
    const body = await response.text();
    return { status: response.status, body };
  };

  const openSession = async (fields: Record<string, string>) => {
    const { status, body } = await sessionToken(fields);
    expect(status, body).toBe(200);
    return body;
  };

  const pay = async (token: string, cardNumber: string) =>
    (await (await postSale(server.baseUrl, { token, cardNumber })).json()) as LightboxAnswer;

  /** A card saved through a verified ccgettoken session; the lightbox's approval. */
  const saveCard = async (cardNumber: string, invoiceNumber = uniqueInvoice('CS')) => {
    const token = await openSession({
      ssl_transaction_type: 'ccgettoken',
      ssl_verify: 'Y',
      ssl_add_token: 'Y',
      ssl_invoice_number: invoiceNumber,
    });
    const answer = await pay(token, cardNumber);
    expect(answer.type).toBe('approval');
    return answer.response ?? {};
  };

  const call = (fields: Record<string, string>) =>
    xmlTxn(server.baseUrl, { ...credentialFields(server.env), ...fields });

  const tokenSale = (token: string, fields: Record<string, string> = {}) =>
    call({
      ssl_transaction_type: 'ccsale',
      ssl_token: token,
      ssl_amount: '50.00',
      ssl_invoice_number: uniqueInvoice('TS'),
      ssl_recurring_flag: '2',
      ssl_payment_number: '1',
      ssl_payment_count: '6',
      ...fields,
    });

  const txnquery = async (fields: Record<string, string>) => {
    const root = await xmlCall(server.baseUrl, {
      ...credentialFields(server.env),
      ssl_transaction_type: 'txnquery',
      ...fields,
    });
    return root.children.filter((child) => child.name === 'txn').map(fieldsOf);
  };

  /** The emulator's record of a transaction. */
  const recorded = async (txnId: string | undefined) => {
    const [row] = await server.database.db
      .select()
      .from(sandboxConvergeTransactions)
      .where(eq(sandboxConvergeTransactions.txnId, txnId ?? ''));
    return row;
  };

  const storedCard = async (token: string) => {
    const [row] = await server.database.db
      .select()
      .from(sandboxConvergeCardTokens)
      .where(eq(sandboxConvergeCardTokens.token, token));
    return row;
  };

  describe('saving a card in the lightbox (ccgettoken)', () => {
    it('shows a card form without an amount, saying the card is verified and nothing charged', async () => {
      const token = await openSession({
        ssl_transaction_type: 'ccgettoken',
        ssl_verify: 'Y',
        ssl_add_token: 'Y',
        ssl_invoice_number: 'CS-PAGE-1',
      });
      const page = await fetch(
        `${sandboxUrls(server.baseUrl).lightbox}?${new URLSearchParams({ token, origin: server.baseUrl })}`,
      );
      const html = await page.text();
      expect(html).toContain('<h1 id="lightbox-title">Save card</h1>');
      expect(html).toContain('Your card will be verified with its bank. Nothing is charged.');
      expect(html).toContain('data-label="Save card">Save card</button>');
      expect(html).toContain('Reference CS-PAGE-1');
      expect(html).not.toContain('$');
      expect(html).not.toContain('Pay ');
      expect(html).toContain('autocomplete="cc-number"');
    });

    it('verifies and keeps the card, answering its token and the verification like Converge', async () => {
      const invoice = uniqueInvoice('CS-VERIFY');
      const response = await saveCard(SANDBOX_TEST_CARDS.mastercard.number, invoice);
      expect(response).toMatchObject({
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
        ssl_token_response: 'SUCCESS',
        ssl_add_token_response: 'Card Added',
        ssl_card_number: '54**********3330',
        ssl_card_short_description: 'MC',
        ssl_card_type: 'CREDITCARD',
        ssl_exp_date: '1239',
        ssl_amount: '0.00',
        ssl_invoice_number: invoice,
        ssl_transaction_type: 'CCVERIFY',
        ssl_first_name: 'Maria',
        ssl_last_name: 'Lopez',
      });
      const token = response.ssl_token ?? '';
      expect(token).toMatch(/^5\d{11}3330$/);
      expect(response.ssl_approval_code).toMatch(/^\d{6}$/);

      const [verification] = await txnquery({ ssl_txn_id: response.ssl_txn_id ?? '' });
      expect(verification).toMatchObject({
        ssl_transaction_type: 'CCVERIFY',
        ssl_amount: '0.00',
        ssl_result_message: 'APPROVAL',
        ssl_invoice_number: invoice,
        ssl_card_number: '54**********3330',
        ssl_token: token,
      });
      expect(await storedCard(token)).toMatchObject({
        cardNumberMasked: '54**********3330',
        cardBrand: 'MC',
        cardExpiry: '1239',
        firstName: 'Maria',
        lastName: 'Lopez',
        behaviour: 'approve',
        deletedAt: null,
      });

      // Saving the same card again makes a new token.
      const again = await saveCard(SANDBOX_TEST_CARDS.mastercard.number);
      expect(again.ssl_token).not.toBe(token);
    });

    it('keeps no card the verification declines, and records the declined verification', async () => {
      const invoice = uniqueInvoice('CS-DECLINE');
      const token = await openSession({
        ssl_transaction_type: 'ccgettoken',
        ssl_verify: 'Y',
        ssl_add_token: 'Y',
        ssl_invoice_number: invoice,
      });
      const answer = await pay(token, SANDBOX_TEST_CARDS.declined.number);
      expect(answer.type).toBe('declined');
      expect(answer.response).toMatchObject({ ssl_result: '1', ssl_result_message: 'DECLINED' });
      expect(answer.response?.ssl_token).toBeUndefined();
      const [verification] = await txnquery({ ssl_invoice_number: invoice });
      expect(verification).toMatchObject({
        ssl_transaction_type: 'CCVERIFY',
        ssl_result_message: 'DECLINED',
      });
    });

    it('keeps a card without verification, recording no transaction', async () => {
      const invoice = uniqueInvoice('CS-NOVERIFY');
      const token = await openSession({
        ssl_transaction_type: 'ccgettoken',
        ssl_add_token: 'Y',
        ssl_invoice_number: invoice,
      });
      const answer = await pay(token, SANDBOX_TEST_CARDS.visa.number);
      expect(answer.type).toBe('approval');
      expect(answer.response).toMatchObject({
        ssl_result: '0',
        ssl_token_response: 'SUCCESS',
        ssl_card_number: '41**********9990',
        ssl_transaction_type: 'GETTOKEN',
      });
      expect(answer.response?.ssl_txn_id).toBeUndefined();
      expect(await storedCard(answer.response?.ssl_token ?? '')).toBeDefined();
      expect(await txnquery({ ssl_invoice_number: invoice })).toEqual([]);
    });

    it('needs the names Card Manager files the card under, and no amount', async () => {
      const withoutName = await postForm(sandboxUrls(server.baseUrl).token, {
        ...credentialFields(server.env),
        ssl_transaction_type: 'ccgettoken',
        ssl_add_token: 'Y',
        ssl_last_name: 'Lopez',
      });
      expect(withoutName.status).toBe(400);
      expect(await withoutName.text()).toMatch(/^error 4009 .*ssl_first_name/);
      const badFlag = await sessionToken({ ssl_transaction_type: 'ccgettoken', ssl_verify: 'yes' });
      expect(badFlag.status).toBe(400);
      expect(badFlag.body).toMatch(/^error 5000 /);
    });
  });

  describe('a sale that keeps its card (ssl_get_token, ssl_add_token)', () => {
    it('answers the token with the approval, stores the card and marks the sale with it', async () => {
      const invoice = uniqueInvoice('SALE-ADD');
      const token = await openSession({
        ssl_transaction_type: 'ccsale',
        ssl_amount: '42.00',
        ssl_invoice_number: invoice,
        ssl_get_token: 'Y',
        ssl_add_token: 'Y',
      });
      const answer = await pay(token, SANDBOX_TEST_CARDS.visa.number);
      expect(answer.type).toBe('approval');
      expect(answer.response).toMatchObject({
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
        ssl_amount: '42.00',
        ssl_invoice_number: invoice,
        ssl_transaction_type: 'SALE',
        ssl_card_number: '41**********9990',
        ssl_exp_date: '1239',
        ssl_token_response: 'SUCCESS',
        ssl_add_token_response: 'Card Added',
      });
      const cardToken = answer.response?.ssl_token ?? '';
      expect(cardToken).toMatch(/^4\d{11}9990$/);
      expect(await storedCard(cardToken)).toMatchObject({ cardNumberMasked: '41**********9990' });
      const [sale] = await txnquery({ ssl_invoice_number: invoice });
      expect(sale).toMatchObject({ ssl_transaction_type: 'SALE', ssl_token: cardToken });
    });

    it('keeps no card without names, but the sale itself goes through', async () => {
      const token = await postForm(sandboxUrls(server.baseUrl).token, {
        ...credentialFields(server.env),
        ssl_transaction_type: 'ccsale',
        ssl_amount: '10.00',
        ssl_get_token: 'Y',
        ssl_add_token: 'Y',
      }).then((response) => response.text());
      const answer = await pay(token, SANDBOX_TEST_CARDS.visa.number);
      expect(answer.type).toBe('approval');
      expect(answer.response).toMatchObject({
        ssl_result_message: 'APPROVAL',
        ssl_token_response: 'FAILURE',
        ssl_add_token_response: expect.stringMatching(/^FAILURE/),
      });
      expect(answer.response?.ssl_token).toBeUndefined();
    });

    it('keeps no card when the sale is declined, and none unless asked', async () => {
      const declinedToken = await openSession({
        ssl_transaction_type: 'ccsale',
        ssl_amount: '10.00',
        ssl_get_token: 'Y',
        ssl_add_token: 'Y',
      });
      const declined = await pay(declinedToken, SANDBOX_TEST_CARDS.declined.number);
      expect(declined.type).toBe('declined');
      expect(declined.response?.ssl_token).toBeUndefined();

      const plain = await pay(
        await openSession({ ssl_transaction_type: 'ccsale', ssl_amount: '10.00' }),
        SANDBOX_TEST_CARDS.visa.number,
      );
      expect(plain.type).toBe('approval');
      expect(plain.response?.ssl_token).toBeUndefined();
      expect(plain.response?.ssl_token_response).toBeUndefined();
    });
  });

  describe('sales on a token (XML API ccsale)', () => {
    it('charges the stored card and records the instalment flags', async () => {
      const { ssl_token: token = '' } = await saveCard(SANDBOX_TEST_CARDS.visa.number);
      const invoice = uniqueInvoice('TS-INST');
      const sale = await tokenSale(token, {
        ssl_invoice_number: invoice,
        ssl_payment_number: '3',
        ssl_payment_count: '6',
      });
      expect(sale).toMatchObject({
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
        ssl_amount: '50.00',
        ssl_invoice_number: invoice,
        ssl_token: token,
        ssl_card_number: '41**********9990',
        ssl_transaction_type: 'SALE',
        ssl_recurring_flag: '2',
        ssl_payment_number: '3',
        ssl_payment_count: '6',
        ssl_merchant_initiated_unscheduled: 'N',
      });
      const row = await recorded(sale.ssl_txn_id);
      expect(row).toMatchObject({
        transactionType: 'SALE',
        approved: true,
        amountCents: 5000,
        cardToken: token,
        recurringFlag: '2',
        paymentNumber: 3,
        paymentCount: 6,
        merchantInitiatedUnscheduled: false,
        firstName: 'Maria',
      });
      const [listed] = await txnquery({ ssl_invoice_number: invoice });
      expect(listed).toMatchObject({
        ssl_transaction_type: 'SALE',
        ssl_trans_status: 'OPN',
        ssl_token: token,
        ssl_payment_number: '3',
      });
    });

    it('records an unscheduled merchant-initiated charge', async () => {
      const { ssl_token: token = '' } = await saveCard(SANDBOX_TEST_CARDS.discover.number);
      const sale = await call({
        ssl_transaction_type: 'ccsale',
        ssl_token: token,
        ssl_amount: '12.34',
        ssl_merchant_initiated_unscheduled: 'Y',
        ssl_entry_mode: '12',
      });
      expect(sale).toMatchObject({ ssl_result: '0', ssl_merchant_initiated_unscheduled: 'Y' });
      const row = await recorded(sale.ssl_txn_id);
      expect(row).toMatchObject({ merchantInitiatedUnscheduled: true, recurringFlag: null });
    });

    it('refuses inconsistent stored-credential flags and a card number', async () => {
      const { ssl_token: token = '' } = await saveCard(SANDBOX_TEST_CARDS.visa.number);
      const cases: [Record<string, string>, string, string][] = [
        [{ ssl_payment_number: '' }, '4009', 'ssl_payment_number'],
        [{ ssl_payment_number: '7' }, '5000', 'ssl_payment_number'],
        [{ ssl_payment_count: '0' }, '5000', 'ssl_payment_count'],
        [{ ssl_recurring_flag: '', ssl_merchant_initiated_unscheduled: 'Y' }, '4009', 'entry'],
        [
          { ssl_recurring_flag: '', ssl_merchant_initiated_unscheduled: 'Y', ssl_entry_mode: '01' },
          '5000',
          'ssl_entry_mode',
        ],
        [{ ssl_merchant_initiated_unscheduled: 'Y', ssl_entry_mode: '12' }, '5000', 'recurring'],
        [{ ssl_card_number: SANDBOX_TEST_CARDS.visa.number }, '4014', 'card number'],
        [{ ssl_token: '' }, '4009', 'ssl_token'],
      ];
      for (const [fields, code, words] of cases) {
        const answer = await tokenSale(token, fields);
        expect(answer.errorCode, JSON.stringify(fields)).toBe(code);
        expect(answer.errorMessage, JSON.stringify(fields)).toContain(words);
      }
    });

    it('declines every later sale on the declines-later card, which saved fine', async () => {
      const saved = await saveCard(SANDBOX_TEST_CARDS.declinesLater.number);
      expect(saved.ssl_result_message).toBe('APPROVAL');
      const saleToken = await openSession({
        ssl_transaction_type: 'ccsale',
        ssl_amount: '20.00',
        ssl_get_token: 'Y',
        ssl_add_token: 'Y',
      });
      const firstSale = await pay(saleToken, SANDBOX_TEST_CARDS.declinesLater.number);
      expect(firstSale.type).toBe('approval');
      for (const token of [saved.ssl_token ?? '', firstSale.response?.ssl_token ?? '']) {
        const later = await tokenSale(token);
        expect(later).toMatchObject({
          ssl_result: '1',
          ssl_result_message: 'DECLINED',
          ssl_approval_code: '',
          ssl_issuer_response: '05',
        });
      }
    });

    it('answers the expired-card decline for the card that has expired by its next charge', async () => {
      const saved = await saveCard(SANDBOX_TEST_CARDS.expiresLater.number);
      expect(saved.ssl_result_message).toBe('APPROVAL');
      const later = await tokenSale(saved.ssl_token ?? '');
      expect(later).toMatchObject({
        ssl_result: '1',
        ssl_result_message: 'EXPIRED CARD',
        ssl_issuer_response: '54',
      });
      const row = await recorded(later.ssl_txn_id);
      expect(row).toMatchObject({ approved: false, resultMessage: 'EXPIRED CARD' });
    });

    it('declines a token whose card has passed its expiry month', async () => {
      const { ssl_token: token = '' } = await saveCard(SANDBOX_TEST_CARDS.discover.number);
      await server.database.db
        .update(sandboxConvergeCardTokens)
        .set({ cardExpiry: '0124' })
        .where(eq(sandboxConvergeCardTokens.token, token));
      expect(await tokenSale(token)).toMatchObject({ ssl_result_message: 'EXPIRED CARD' });
    });
  });

  describe('ccquerytoken and ccdeletetoken', () => {
    it('describes a stored card; a deleted token can be neither queried, charged nor deleted', async () => {
      const { ssl_token: token = '' } = await saveCard(SANDBOX_TEST_CARDS.visa.number);
      const query = { ssl_transaction_type: 'ccquerytoken', ssl_token: token };
      expect(await call(query)).toMatchObject({
        ssl_result: '0',
        ssl_token: token,
        ssl_token_response: 'SUCCESS',
        ssl_account_number: '41**********9990',
        ssl_card_short_description: 'VISA',
        ssl_exp_date: '1239',
        ssl_first_name: 'Maria',
        ssl_last_name: 'Lopez',
      });

      const remove = { ssl_transaction_type: 'ccdeletetoken', ssl_token: token };
      expect(await call(remove)).toMatchObject({ ssl_result: '0', ssl_token: token });
      expect((await storedCard(token))?.deletedAt).toBeInstanceOf(Date);

      const invoice = uniqueInvoice('TS-DELETED');
      for (const answer of [
        await call(query),
        await tokenSale(token, { ssl_invoice_number: invoice }),
        await call(remove),
      ]) {
        expect(answer).toEqual({
          errorCode: '5087',
          errorName: 'Invalid Token',
          errorMessage: expect.any(String),
        });
      }
      expect(await txnquery({ ssl_invoice_number: invoice })).toEqual([]);
    });

    it('does not know a token it never issued', async () => {
      expect(
        await call({ ssl_transaction_type: 'ccquerytoken', ssl_token: '4000000000009999' }),
      ).toMatchObject({ errorCode: '5087' });
      expect(await call({ ssl_transaction_type: 'ccquerytoken' })).toMatchObject({
        errorCode: '4009',
      });
    });
  });
});

describe.each(testDatabaseKinds)(
  'Converge sandbox: stored cards from the command line (%s)',
  (kind) => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(kind, { seed: false });
    });

    afterAll(async () => {
      await database?.close();
    });

    it('answers token sales, queries and deletions without a server', async () => {
      const local = await startLocalSandbox(database.db, {
        CONVERGE_MERCHANT_ID: 'sandbox-merchant-id',
        CONVERGE_USER_ID: 'sandbox-user',
        CONVERGE_PIN: 'SANDBOX-PIN-NOT-A-SECRET',
        SANDBOX_SETTLEMENT_TIME: 'off',
        WEBPAY_TIME_ZONE: 'America/Denver',
      });
      try {
        // A card saved earlier through the server's lightbox, in the same database.
        await database.db.insert(sandboxConvergeCardTokens).values({
          token: '4111111111119990',
          cardNumberMasked: '41**********9990',
          cardBrand: 'VISA',
          cardExpiry: '1239',
          firstName: 'Maria',
          lastName: 'Lopez',
        });
        const client = new ConvergeClient(local.env);
        const sale = await client.tokenSale({
          token: '4111111111119990',
          amountCents: 2500,
          invoiceNumber: 'CLI-TOKEN-1',
          recurring: { kind: 'unscheduled' },
        });
        expect(isApproved(sale)).toBe(true);
        expect(await client.queryToken('4111111111119990')).toMatchObject({
          cardNumberMasked: '41**********9990',
        });
        await client.deleteToken('4111111111119990');
        expect(await client.queryToken('4111111111119990')).toBeNull();
      } finally {
        await local.close();
      }
    });
  },
);
