import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { fieldsOf, readXml } from '../payments/index.ts';
import {
  CONVERGE_TIME,
  credentialFields,
  issueToken,
  lightboxSale,
  postForm,
  postSale,
  uniqueInvoice,
  sandboxUrls,
  xmlCall,
  xmlTxn,
} from '../../../test/support/converge-sandbox.ts';
import { SANDBOX_BANK_ACCOUNTS, SANDBOX_TEST_CARDS } from './test-instruments.ts';

describe.each(testDatabaseKinds)('Converge sandbox: XML API (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  const call = (fields: Record<string, string>) =>
    xmlTxn(server.baseUrl, { ...credentialFields(server.env), ...fields });
  const list = async (fields: Record<string, string>) => {
    const root = await xmlCall(server.baseUrl, { ...credentialFields(server.env), ...fields });
    expect(root.name).toBe('txnlist');
    const count = root.children.find((child) => child.name === 'ssl_txn_count')?.text;
    const txns = root.children.filter((child) => child.name === 'txn').map(fieldsOf);
    expect(count).toBe(String(txns.length));
    return txns;
  };

  const cardSale = (invoiceNumber: string, cardNumber: string, amount = '25.00') =>
    lightboxSale(server.baseUrl, server.env, { invoiceNumber, cardNumber, amount });

  const unagreedPurchase = {
    ssl_transaction_type: 'ecspurchase',
    ssl_amount: '40.00',
    ssl_aba_number: SANDBOX_BANK_ACCOUNTS.approved.routingNumber,
    ssl_bank_account_number: SANDBOX_BANK_ACCOUNTS.approved.accountNumber,
    ssl_bank_account_type: '0',
    ssl_account_type: '0',
    ssl_first_name: 'Maria',
    ssl_last_name: 'Lopez',
  };
  const ecsPurchase = (fields: Record<string, string>) =>
    call({ ...unagreedPurchase, ssl_agree: '1', ...fields });

  describe('credentials and malformed requests', () => {
    it('answers Converge error documents for missing and wrong credentials', async () => {
      const { ssl_merchant_id: _m, ...withoutMerchant } = credentialFields(server.env);
      const { ssl_user_id: _u, ...withoutUser } = credentialFields(server.env);
      const { ssl_pin: _p, ...withoutPin } = credentialFields(server.env);
      const query = { ssl_transaction_type: 'txnquery', ssl_txn_id: 'x' };
      expect(await xmlTxn(server.baseUrl, { ...withoutMerchant, ...query })).toMatchObject({
        errorCode: '4000',
      });
      expect(await xmlTxn(server.baseUrl, { ...withoutUser, ...query })).toMatchObject({
        errorCode: '4019',
      });
      expect(await xmlTxn(server.baseUrl, { ...withoutPin, ...query })).toMatchObject({
        errorCode: '4013',
      });
      const wrong = await xmlTxn(server.baseUrl, {
        ...credentialFields(server.env),
        ssl_pin: 'nope',
        ...query,
      });
      expect(wrong).toEqual({
        errorCode: '4025',
        errorName: 'Invalid Credentials',
        errorMessage: expect.any(String),
      });
    });

    it('refuses malformed XML, a missing xmldata field and unsupported transaction types', async () => {
      const urls = sandboxUrls(server.baseUrl);
      for (const xmldata of [
        '<txn><ssl_pin>1</txn>',
        '<txn>&bogus;</txn>',
        '<!DOCTYPE txn [<!ENTITY x "y">]><txn><a>&x;</a></txn>',
        'not xml at all',
        '<txnlist></txnlist>',
      ]) {
        const response = await postForm(urls.xml, { xmldata });
        expect(response.status, xmldata).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
        const text = await response.text();
        expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?><txn>'), xmldata).toBe(true);
        expect(fieldsOf(readXml(text)).errorCode, xmldata).toBe('6042');
      }
      const missing = await postForm(urls.xml, {});
      expect(fieldsOf(readXml(await missing.text())).errorCode).toBe('6042');

      expect(await call({ ssl_transaction_type: 'ccauthonly' })).toMatchObject({
        errorCode: '4014',
      });
      expect(await call({})).toMatchObject({ errorCode: '4009' });
    });
  });

  describe('txnquery', () => {
    it('finds a lightbox sale by id and by invoice number, with every listed field', async () => {
      const invoice = uniqueInvoice('WP-Q');
      const sale = await cardSale(invoice, SANDBOX_TEST_CARDS.visa.number, '125.50');
      const byId = await list({
        ssl_transaction_type: 'txnquery',
        ssl_txn_id: sale.ssl_txn_id ?? '',
      });
      expect(byId).toEqual([
        {
          ssl_txn_id: sale.ssl_txn_id,
          ssl_trans_status: 'OPN',
          ssl_transaction_type: 'SALE',
          ssl_txn_time: sale.ssl_txn_time,
          ssl_card_number: '41**********9990',
          ssl_card_short_description: 'VISA',
          ssl_exp_date: '1239',
          ssl_amount: '125.50',
          ssl_result_message: 'APPROVAL',
          ssl_approval_code: sale.ssl_approval_code,
          ssl_invoice_number: invoice,
        },
      ]);
      expect(byId[0]?.ssl_txn_time).toMatch(CONVERGE_TIME);

      const declined = await cardSale(invoice, SANDBOX_TEST_CARDS.declined.number);
      const byInvoice = await list({
        ssl_transaction_type: 'txnquery',
        ssl_invoice_number: invoice,
      });
      expect(byInvoice.map((txn) => [txn.ssl_txn_id, txn.ssl_result_message])).toEqual([
        [sale.ssl_txn_id, 'APPROVAL'],
        [declined.ssl_txn_id, 'DECLINED'],
      ]);
    });

    it('answers an empty list for an unknown id or invoice, and 4009 with neither', async () => {
      expect(await list({ ssl_transaction_type: 'txnquery', ssl_txn_id: 'forged-id' })).toEqual([]);
      expect(
        await list({ ssl_transaction_type: 'txnquery', ssl_invoice_number: uniqueInvoice('NONE') }),
      ).toEqual([]);
      expect(await call({ ssl_transaction_type: 'txnquery' })).toMatchObject({ errorCode: '4009' });
    });

    it('narrows a query by id to the invoice number when both are given', async () => {
      const invoice = uniqueInvoice('WP-BOTH');
      const sale = await cardSale(invoice, SANDBOX_TEST_CARDS.discover.number);
      const id = sale.ssl_txn_id ?? '';
      const query = { ssl_transaction_type: 'txnquery', ssl_txn_id: id };
      expect(await list({ ...query, ssl_invoice_number: invoice })).toHaveLength(1);
      expect(await list({ ...query, ssl_invoice_number: 'OTHER' })).toEqual([]);
    });
  });

  describe('ecspurchase', () => {
    it('approves the test routing number with any account, storing only its last 4 digits', async () => {
      const invoice = uniqueInvoice('WP-ACH');
      const answer = await ecsPurchase({
        ssl_invoice_number: invoice,
        ssl_bank_account_number: '000123456789',
      });
      expect(answer).toEqual({
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
        ssl_txn_id: expect.stringMatching(/^\d{6}[A-Z0-9]{3}-/),
        ssl_txn_time: expect.stringMatching(CONVERGE_TIME),
        ssl_approval_code: expect.stringMatching(/^\d{6}$/),
        ssl_amount: '40.00',
        ssl_invoice_number: invoice,
      });
      const [txn] = await list({ ssl_transaction_type: 'txnquery', ssl_invoice_number: invoice });
      expect(txn).toMatchObject({
        ssl_transaction_type: 'ECSPURCHASE',
        ssl_trans_status: 'OPN',
        ssl_bank_account_number: '******6789',
        ssl_card_number: '',
      });
    });

    it('declines the declined account and fails for the failing one, recording only the decline', async () => {
      const invoice = uniqueInvoice('WP-ACH-NO');
      const declined = await ecsPurchase({
        ssl_invoice_number: invoice,
        ssl_bank_account_number: SANDBOX_BANK_ACCOUNTS.declined.accountNumber,
      });
      expect(declined).toMatchObject({
        ssl_result: '1',
        ssl_result_message: 'DECLINED',
        ssl_approval_code: '',
      });
      const failed = await ecsPurchase({
        ssl_invoice_number: invoice,
        ssl_bank_account_number: SANDBOX_BANK_ACCOUNTS.processorError.accountNumber,
      });
      expect(failed).toMatchObject({ errorCode: '3000' });
      const txns = await list({ ssl_transaction_type: 'txnquery', ssl_invoice_number: invoice });
      expect(txns.map((txn) => txn.ssl_result_message)).toEqual(['DECLINED']);
    });

    it('refuses a debit without ssl_agree, as Converge does, and records nothing', async () => {
      const invoice = uniqueInvoice('WP-ACH-AGREE');
      const unagreed = { ...unagreedPurchase, ssl_invoice_number: invoice };
      // Sent empty is not sent at all (presentFields), like leaving it out.
      for (const fields of [unagreed, { ...unagreed, ssl_agree: '' }]) {
        expect(await call(fields)).toMatchObject({
          errorCode: '4009',
          errorMessage: 'ssl_agree is required.',
        });
      }
      expect(await list({ ssl_transaction_type: 'txnquery', ssl_invoice_number: invoice })).toEqual(
        [],
      );
    });

    it('checks its fields', async () => {
      expect(await ecsPurchase({ ssl_aba_number: '490000019' })).toMatchObject({
        errorCode: '5000',
      });
      expect(await ecsPurchase({ ssl_bank_account_number: '12a4' })).toMatchObject({
        errorCode: '5000',
      });
      expect(await ecsPurchase({ ssl_agree: '0' })).toMatchObject({ errorCode: '5000' });
      expect(await ecsPurchase({ ssl_amount: '40' })).toMatchObject({ errorCode: '5000' });
      expect(await ecsPurchase({ ssl_last_name: '' })).toMatchObject({
        errorCode: '4009',
        errorMessage: 'ssl_last_name is required.',
      });
    });
  });

  describe('voids', () => {
    it('voids a card sale once; the sale then shows as voided', async () => {
      const invoice = uniqueInvoice('WP-VOID');
      const sale = await cardSale(invoice, SANDBOX_TEST_CARDS.mastercard.number);
      const voided = await call({
        ssl_transaction_type: 'ccvoid',
        ssl_txn_id: sale.ssl_txn_id ?? '',
      });
      expect(voided).toMatchObject({
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
        ssl_amount: '25.00',
      });
      expect(voided.ssl_txn_id).not.toBe(sale.ssl_txn_id);

      const txns = await list({ ssl_transaction_type: 'txnquery', ssl_invoice_number: invoice });
      expect(
        txns.map((txn) => [txn.ssl_txn_id, txn.ssl_transaction_type, txn.ssl_trans_status]),
      ).toEqual([
        [sale.ssl_txn_id, 'SALE', 'VOID'],
        [voided.ssl_txn_id, 'VOID', 'OPN'],
      ]);

      const again = await call({
        ssl_transaction_type: 'ccvoid',
        ssl_txn_id: sale.ssl_txn_id ?? '',
      });
      expect(again).toMatchObject({ errorCode: '5040' });
    });

    it('voids an eCheck purchase with ecsvoid only', async () => {
      const invoice = uniqueInvoice('WP-ECSVOID');
      const purchase = await ecsPurchase({ ssl_invoice_number: invoice });
      const id = purchase.ssl_txn_id ?? '';
      expect(await call({ ssl_transaction_type: 'ccvoid', ssl_txn_id: id })).toMatchObject({
        errorCode: '5040',
      });
      expect(await call({ ssl_transaction_type: 'ecsvoid', ssl_txn_id: id })).toMatchObject({
        ssl_result: '0',
      });
      const [original] = await list({ ssl_transaction_type: 'txnquery', ssl_txn_id: id });
      expect(original?.ssl_trans_status).toBe('VOID');
    });

    it('refuses to void a decline or an unknown id', async () => {
      const declined = await cardSale(
        uniqueInvoice('WP-NOVOID'),
        SANDBOX_TEST_CARDS.declined.number,
      );
      expect(
        await call({ ssl_transaction_type: 'ccvoid', ssl_txn_id: declined.ssl_txn_id ?? '' }),
      ).toMatchObject({
        errorCode: '5040',
      });
      expect(await call({ ssl_transaction_type: 'ccvoid', ssl_txn_id: 'nope' })).toMatchObject({
        errorCode: '5040',
      });
      expect(await call({ ssl_transaction_type: 'ccvoid' })).toMatchObject({ errorCode: '4009' });
    });
  });

  describe('XML escaping', () => {
    it('reads escaped values and escapes what it writes', async () => {
      const suffix = uniqueInvoice('x').replaceAll('-', '');
      const invoice = `A&B<C>"'-${suffix}`;
      const answer = await ecsPurchase({
        ssl_invoice_number: invoice,
        ssl_last_name: "O'Brien & <Sons>",
      });
      expect(answer.ssl_invoice_number).toBe(invoice);

      const raw = await (
        await postForm(sandboxUrls(server.baseUrl).xml, {
          xmldata: `<txn><ssl_merchant_id>${server.env.CONVERGE_MERCHANT_ID}</ssl_merchant_id><ssl_user_id>${server.env.CONVERGE_USER_ID}</ssl_user_id><ssl_pin>${server.env.CONVERGE_PIN}</ssl_pin><ssl_transaction_type>txnquery</ssl_transaction_type><ssl_invoice_number>A&amp;B&lt;C&gt;&quot;&apos;-${suffix}</ssl_invoice_number></txn>`,
        })
      ).text();
      expect(raw).toContain('<ssl_invoice_number>A&amp;B&lt;C&gt;&quot;&apos;-');
      expect(raw).not.toContain('A&B');
    });
  });
});

describe.each(testDatabaseKinds)('Converge sandbox: persistence (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('still finds an approval by invoice number after the server restarts on the same database', async () => {
    const invoice = uniqueInvoice('WP-CRASH');
    const first = await startTestServer(kind, { database });
    let txnId: string | undefined;
    try {
      const token = await issueToken(first.baseUrl, first.env, { ssl_invoice_number: invoice });
      const answer = (await (
        await postSale(first.baseUrl, { token, cardNumber: SANDBOX_TEST_CARDS.discover.number })
      ).json()) as { response: Record<string, string> };
      txnId = answer.response.ssl_txn_id;
    } finally {
      await first.close();
    }

    const second = await startTestServer(kind, { database });
    try {
      const root = await xmlCall(second.baseUrl, {
        ...credentialFields(second.env),
        ssl_transaction_type: 'txnquery',
        ssl_invoice_number: invoice,
      });
      const txns = root.children.filter((child) => child.name === 'txn').map(fieldsOf);
      expect(txns).toHaveLength(1);
      expect(txns[0]).toMatchObject({ ssl_txn_id: txnId, ssl_result_message: 'APPROVAL' });
    } finally {
      await second.close();
    }
  });
});
