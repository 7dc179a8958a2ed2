import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.ts';
import { postSale, sandboxConvergeEnv } from '../../../../test/support/converge-sandbox.ts';
import { SANDBOX_BANK_ACCOUNTS, SANDBOX_TEST_CARDS } from '../../converge-sandbox/index.ts';
import { ConvergeClient, type ConvergeEnv } from './converge.client.ts';
import type { TransactionTokenRequest } from './converge.types.ts';
import {
  ConvergeProcessorError,
  ConvergeTimeoutError,
  ConvergeTransportError,
} from './converge.errors.ts';
import { isApproved, verifyApproval } from './verify-approval.ts';
import { readTxn } from './converge-xml.ts';

let invoiceCounter = 0;
function newInvoice(prefix: string): string {
  invoiceCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${invoiceCounter}`;
}

/** The error a promise rejects with, for checking its fields. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe.each(testDatabaseKinds)('ConvergeClient against the sandbox (%s)', (kind) => {
  let server: TestServer;
  let convergeEnv: ConvergeEnv;
  let client: ConvergeClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    convergeEnv = sandboxConvergeEnv(server.baseUrl, server.env);
    client = new ConvergeClient(convergeEnv, { timeoutMs: 5000 });
  });

  afterAll(async () => {
    await server?.close();
  });

  /** A lightbox session opened by the client, the card typed in it; the approval it answered. */
  async function approvedInLightbox(request: TransactionTokenRequest, cardNumber: string) {
    const token = await client.createTransactionToken(request);
    const answer = (await (await postSale(server.baseUrl, { token, cardNumber })).json()) as {
      type: string;
      response: Record<string, string>;
    };
    expect(answer.type).toBe('approval');
    return answer.response;
  }

  const approvedCardSale = (invoiceNumber: string, amountCents: number) =>
    approvedInLightbox(
      {
        amountCents,
        invoiceNumber,
        firstName: 'Maria',
        lastName: 'Lopez-Hernandez de la Cruz y Montoya',
        address: '1234 South Temple Street, Building C',
        city: 'Salt Lake City',
        state: 'UT',
        zip: '84101-1234',
        email: 'maria@example.com',
      },
      SANDBOX_TEST_CARDS.visa.number,
    );

  it('opens a session, and the approval it leads to verifies with txnquery', async () => {
    const invoiceNumber = newInvoice('WP-E2E');
    const response = await approvedCardSale(invoiceNumber, 4321);
    expect(response).toMatchObject({ ssl_amount: '43.21', ssl_invoice_number: invoiceNumber });
    const txnId = response.ssl_txn_id ?? '';

    const byId = await client.queryTransaction({ txnId });
    expect(byId).toHaveLength(1);
    expect(verifyApproval(byId[0], { amountCents: 4321, invoiceNumber, txnId })).toEqual({
      ok: true,
    });

    const byInvoice = await client.queryTransaction({ invoiceNumber });
    expect(byInvoice.map((txn) => txn.ssl_txn_id)).toEqual([txnId]);

    // The browser's word is not enough: a forged id or a changed amount fails.
    const forged = await client.queryTransaction({ txnId: `${txnId}X` });
    expect(verifyApproval(forged[0], { amountCents: 4321, invoiceNumber })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(verifyApproval(byId[0], { amountCents: 4320, invoiceNumber })).toEqual({
      ok: false,
      reason: 'amount_mismatch',
    });
    expect(verifyApproval(byId[0], { amountCents: 4321, invoiceNumber: 'WP-OTHER' })).toEqual({
      ok: false,
      reason: 'invoice_mismatch',
    });
  });

  it('voids a card sale, after which it no longer verifies', async () => {
    const invoiceNumber = newInvoice('WP-E2E-VOID');
    const txnId = (await approvedCardSale(invoiceNumber, 1500)).ssl_txn_id ?? '';
    const voided = await client.voidTransaction(txnId, 'card');
    expect(isApproved(voided)).toBe(true);
    expect(voided.ssl_txn_id).not.toBe(txnId);

    const [sale] = await client.queryTransaction({ txnId });
    expect(verifyApproval(sale, { amountCents: 1500, invoiceNumber })).toEqual({
      ok: false,
      reason: 'voided',
    });
    const [voidRecord] = await client.queryTransaction({ txnId: voided.ssl_txn_id ?? '' });
    expect(verifyApproval(voidRecord, { amountCents: 1500, invoiceNumber })).toEqual({
      ok: false,
      reason: 'voided',
    });

    const again = await rejectionOf(client.voidTransaction(txnId, 'card'));
    expect(again).toBeInstanceOf(ConvergeProcessorError);
    expect(again).toMatchObject({ operation: 'ccvoid', errorCode: '5040' });
  });

  it('debits a bank account; a decline is an answer, a failure an error', async () => {
    const purchase = {
      amountCents: 8000,
      routingNumber: SANDBOX_BANK_ACCOUNTS.approved.routingNumber,
      accountType: 'CHECKING',
      firstName: 'Maria',
      lastName: 'Lopez',
      authorized: true,
    } as const;
    const invoiceNumber = newInvoice('WP-E2E-ACH');
    const approved = await client.ecsPurchase({
      ...purchase,
      invoiceNumber,
      accountNumber: SANDBOX_BANK_ACCOUNTS.approved.accountNumber,
    });
    expect(isApproved(approved)).toBe(true);
    expect(approved).toMatchObject({ ssl_amount: '80.00', ssl_invoice_number: invoiceNumber });
    const [txn] = await client.queryTransaction({ txnId: approved.ssl_txn_id ?? '' });
    expect(verifyApproval(txn, { amountCents: 8000, invoiceNumber })).toEqual({ ok: true });

    const voided = await client.voidTransaction(approved.ssl_txn_id ?? '', 'echeck');
    expect(isApproved(voided)).toBe(true);

    const declined = await client.ecsPurchase({
      ...purchase,
      invoiceNumber: newInvoice('WP-E2E-ACH'),
      accountType: 'SAVINGS',
      accountNumber: SANDBOX_BANK_ACCOUNTS.declined.accountNumber,
    });
    expect(isApproved(declined)).toBe(false);
    expect(declined.ssl_result_message).toBe('DECLINED');

    const failed = await rejectionOf(
      client.ecsPurchase({
        ...purchase,
        invoiceNumber: newInvoice('WP-E2E-ACH'),
        accountNumber: SANDBOX_BANK_ACCOUNTS.processorError.accountNumber,
      }),
    );
    expect(failed).toBeInstanceOf(ConvergeProcessorError);
    expect(failed).toMatchObject({
      kind: 'processor',
      operation: 'ecspurchase',
      errorCode: '3000',
    });
    expect(String(failed)).not.toContain(SANDBOX_BANK_ACCOUNTS.processorError.accountNumber);
  });

  it('sends no ssl_agree for a debit nobody authorized, which the processor refuses', async () => {
    const unauthorized = await rejectionOf(
      client.ecsPurchase({
        amountCents: 8000,
        invoiceNumber: newInvoice('WP-E2E-ACH'),
        routingNumber: SANDBOX_BANK_ACCOUNTS.approved.routingNumber,
        accountNumber: SANDBOX_BANK_ACCOUNTS.approved.accountNumber,
        accountType: 'CHECKING',
        firstName: 'Maria',
        lastName: 'Lopez',
        authorized: false,
      }),
    );
    expect(unauthorized).toBeInstanceOf(ConvergeProcessorError);
    expect(unauthorized).toMatchObject({ operation: 'ecspurchase', errorCode: '4009' });
  });

  it('reports wrong credentials as processor errors without revealing them', async () => {
    const wrong = new ConvergeClient({ ...convergeEnv, CONVERGE_PIN: 'NOT-THE-PIN' });
    const tokenError = await rejectionOf(
      wrong.createTransactionToken({ amountCents: 100, invoiceNumber: 'WP-CRED' }),
    );
    expect(tokenError).toBeInstanceOf(ConvergeProcessorError);
    expect(tokenError).toMatchObject({ errorCode: 'HTTP_403' });
    const queryError = await rejectionOf(wrong.queryTransaction({ invoiceNumber: 'WP-CRED' }));
    expect(queryError).toMatchObject({ kind: 'processor', errorCode: '4025' });
    for (const error of [tokenError, queryError]) {
      expect(inspect(error)).not.toContain('NOT-THE-PIN');
    }
    expect(inspect(wrong)).not.toContain('NOT-THE-PIN');
    expect(JSON.stringify(wrong)).not.toContain('NOT-THE-PIN');
  });

  it('saves a card in a verified session, charges its token and deletes it', async () => {
    const invoiceNumber = newInvoice('WP-SETUP');
    const response = await approvedInLightbox(
      {
        transactionType: 'ccgettoken',
        verify: true,
        addToken: true,
        invoiceNumber,
        firstName: 'Maria',
        lastName: 'Lopez',
      },
      SANDBOX_TEST_CARDS.mastercard.number,
    );
    const token = response.ssl_token ?? '';
    expect(response.ssl_token_response).toBe('SUCCESS');

    const [verification] = await client.queryTransaction({
      txnId: response.ssl_txn_id ?? '',
    });
    expect(verification).toMatchObject({
      ssl_transaction_type: 'CCVERIFY',
      ssl_result_message: 'APPROVAL',
      ssl_invoice_number: invoiceNumber,
      ssl_token: token,
    });
    expect(await client.queryToken(token)).toEqual({
      token,
      cardNumberMasked: response.ssl_card_number,
      cardBrand: 'MC',
      expiry: response.ssl_exp_date,
      firstName: 'Maria',
      lastName: 'Lopez',
    });

    const instalment = await client.tokenSale({
      token,
      amountCents: 7500,
      invoiceNumber: newInvoice('WP-AUTO'),
      recurring: { kind: 'instalment', paymentNumber: 2, paymentCount: 12 },
    });
    expect(isApproved(instalment)).toBe(true);
    expect(instalment).toMatchObject({
      ssl_amount: '75.00',
      ssl_token: token,
      ssl_recurring_flag: '2',
      ssl_payment_number: '2',
      ssl_payment_count: '12',
    });
    const unscheduledInvoice = newInvoice('WP-AUTO');
    const unscheduled = await client.tokenSale({
      token,
      amountCents: 1999,
      invoiceNumber: unscheduledInvoice,
      recurring: { kind: 'unscheduled' },
    });
    expect(unscheduled).toMatchObject({ ssl_merchant_initiated_unscheduled: 'Y' });
    const [listed] = await client.queryTransaction({ txnId: unscheduled.ssl_txn_id ?? '' });
    expect(
      verifyApproval(listed, {
        amountCents: 1999,
        invoiceNumber: unscheduledInvoice,
      }),
    ).toEqual({ ok: true });

    await client.deleteToken(token);
    expect(await client.queryToken(token)).toBeNull();
    const refused = await rejectionOf(
      client.tokenSale({
        token,
        amountCents: 100,
        invoiceNumber: newInvoice('WP-AUTO'),
        recurring: { kind: 'unscheduled' },
      }),
    );
    expect(refused).toBeInstanceOf(ConvergeProcessorError);
    expect(refused).toMatchObject({ operation: 'ccsale', errorCode: '5087' });
    // Deleting a token Converge no longer holds is already done.
    await expect(client.deleteToken(token)).resolves.toBeUndefined();
  });

  it('answers a decline of a token sale, not an error', async () => {
    const saved = await approvedInLightbox(
      {
        amountCents: 3000,
        invoiceNumber: newInvoice('WP-SAVE'),
        addToken: true,
        firstName: 'Maria',
        lastName: 'Lopez',
      },
      SANDBOX_TEST_CARDS.declinesLater.number,
    );
    const declined = await client.tokenSale({
      token: saved.ssl_token ?? '',
      amountCents: 3000,
      invoiceNumber: newInvoice('WP-AUTO'),
      recurring: { kind: 'instalment', paymentNumber: 1, paymentCount: 3 },
    });
    expect(isApproved(declined)).toBe(false);
    expect(declined.ssl_result_message).toBe('DECLINED');
  });

  it('checks its input before sending anything', async () => {
    await expect(
      client.createTransactionToken({ amountCents: 12.5, invoiceNumber: 'WP-1' }),
    ).rejects.toThrow();
    await expect(
      client.createTransactionToken({ amountCents: 100, invoiceNumber: 'has space' }),
    ).rejects.toThrow();
    await expect(client.queryTransaction({ txnId: '' })).rejects.toThrow();
    const sale = {
      token: 'TOKEN',
      amountCents: 100,
      invoiceNumber: 'WP-1',
      recurring: { kind: 'instalment', paymentNumber: 4, paymentCount: 3 },
    } as const;
    await expect(client.tokenSale(sale)).rejects.toThrow();
    await expect(
      client.tokenSale({
        ...sale,
        recurring: { kind: 'instalment', paymentNumber: 0, paymentCount: 3 },
      }),
    ).rejects.toThrow();
    await expect(client.tokenSale({ ...sale, token: 'has space' })).rejects.toThrow();
    await expect(client.queryToken('')).rejects.toThrow();
    await expect(client.deleteToken('')).rejects.toThrow();
    await expect(
      client.createTransactionToken({ transactionType: 'ccsale', invoiceNumber: 'WP-1' } as never),
    ).rejects.toThrow();
  });
});

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A local stand-in for Converge that answers however a test needs. */
async function fakeConverge(
  handler: Handler,
): Promise<{ env: ConvergeEnv; close(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    env: {
      CONVERGE_HOSTED_URL: `${base}/hosted-payments`,
      CONVERGE_XML_URL: `${base}/VirtualMerchantDemo/processxml.do`,
      CONVERGE_MERCHANT_ID: 'm',
      CONVERGE_USER_ID: 'u',
      CONVERGE_PIN: 'SECRET-PIN-VALUE',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('ConvergeClient when Converge misbehaves', () => {
  it('gives up after its timeout on a server that never answers', async () => {
    const silent = await fakeConverge(() => {
      // Never answers.
    });
    try {
      const client = new ConvergeClient(silent.env, { timeoutMs: 200 });
      const started = Date.now();
      const tokenError = await rejectionOf(
        client.createTransactionToken({ amountCents: 100, invoiceNumber: 'WP-SLOW' }),
      );
      expect(tokenError).toBeInstanceOf(ConvergeTimeoutError);
      expect(tokenError).toMatchObject({
        kind: 'timeout',
        operation: 'transaction_token',
        timeoutMs: 200,
      });
      expect(Date.now() - started).toBeLessThan(5000);
      const queryError = await rejectionOf(client.queryTransaction({ invoiceNumber: 'WP-SLOW' }));
      expect(queryError).toBeInstanceOf(ConvergeTimeoutError);
    } finally {
      await silent.close();
    }
  });

  it('times out while the answer is still arriving', async () => {
    const trickle = await fakeConverge((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.write('<txnlist>');
    });
    try {
      const client = new ConvergeClient(trickle.env, { timeoutMs: 200 });
      const error = await rejectionOf(client.queryTransaction({ txnId: 'x' }));
      expect(error).toBeInstanceOf(ConvergeTimeoutError);
    } finally {
      await trickle.close();
    }
  });

  it.each([
    ['an empty body', 200, ''],
    ['whitespace inside', 200, 'abc def'],
    ['an HTML page', 200, '<html><body>Oops</body></html>'],
    ['an error message', 200, 'Error: not enabled'],
    ['a refusal', 403, 'Forbidden'],
  ])('does not take %s for a token', async (_name, status, body) => {
    const odd = await fakeConverge((_request, response) => {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(body);
    });
    try {
      const client = new ConvergeClient(odd.env);
      const error = await rejectionOf(
        client.createTransactionToken({ amountCents: 100, invoiceNumber: 'WP-ODD' }),
      );
      expect(error).toBeInstanceOf(ConvergeProcessorError);
    } finally {
      await odd.close();
    }
  });

  it('reports server errors, unreadable answers, redirects and refused connections as transport failures', async () => {
    const answers: Handler[] = [
      (_request, response) => response.writeHead(500).end('boom'),
      (_request, response) => response.writeHead(200, { 'content-type': 'text/xml' }).end('<txn>'),
      (_request, response) =>
        response.writeHead(200, { 'content-type': 'text/xml' }).end('<txn><other>1</other></txn>'),
      (_request, response) => response.writeHead(302, { location: 'http://127.0.0.1:9/' }).end(),
    ];
    for (const answer of answers) {
      const odd = await fakeConverge(answer);
      try {
        const client = new ConvergeClient(odd.env);
        const error = await rejectionOf(client.voidTransaction('TXN-1', 'card'));
        expect(error).toBeInstanceOf(ConvergeTransportError);
        expect(inspect(error)).not.toContain('SECRET-PIN-VALUE');
      } finally {
        await odd.close();
      }
    }

    const gone = await fakeConverge(() => undefined);
    const { env } = gone;
    await gone.close();
    const error = await rejectionOf(new ConvergeClient(env).queryTransaction({ txnId: 'x' }));
    expect(error).toBeInstanceOf(ConvergeTransportError);
    expect(error).toMatchObject({ kind: 'transport', status: undefined });
  });

  it('sends form-encoded requests with amounts as dollars and the XML escaped', async () => {
    const received: URLSearchParams[] = [];
    const recorder = await fakeConverge((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
        received.push(new URLSearchParams(body));
        if (request.url?.endsWith('/transaction_token')) {
          response.writeHead(200, { 'content-type': 'text/plain' }).end('TOKEN123');
        } else {
          response
            .writeHead(200, { 'content-type': 'text/xml' })
            .end(
              '<txn><ssl_result>0</ssl_result><ssl_result_message>APPROVAL</ssl_result_message></txn>',
            );
        }
      });
    });
    try {
      const client = new ConvergeClient(recorder.env);
      expect(
        await client.createTransactionToken({
          amountCents: 120_000,
          invoiceNumber: 'WP-FORM',
          lastName: '',
          zip: '84101-1234',
        }),
      ).toBe('TOKEN123');
      await client.ecsPurchase({
        amountCents: 5,
        invoiceNumber: 'WP-<&>',
        routingNumber: '490000018',
        accountNumber: '12345678',
        accountType: 'SAVINGS',
        holder: 'business',
        firstName: 'A&B',
        lastName: 'C',
        authorized: true,
      });
      await client.ecsPurchase({
        amountCents: 5,
        invoiceNumber: 'WP-NO-AGREE',
        routingNumber: '490000018',
        accountNumber: '12345678',
        accountType: 'CHECKING',
        firstName: 'A',
        lastName: 'C',
        authorized: false,
      });
      const [token, ecs, unagreed] = received;
      expect(Object.fromEntries(token ?? [])).toEqual({
        ssl_merchant_id: 'm',
        ssl_user_id: 'u',
        ssl_pin: 'SECRET-PIN-VALUE',
        ssl_transaction_type: 'ccsale',
        ssl_amount: '1200.00',
        ssl_invoice_number: 'WP-FORM',
        ssl_avs_zip: '841011234',
      });
      const xml = ecs?.get('xmldata') ?? '';
      expect(xml).toContain('<ssl_amount>0.05</ssl_amount>');
      expect(xml).toContain('<ssl_invoice_number>WP-&lt;&amp;&gt;</ssl_invoice_number>');
      expect(xml).toContain('<ssl_first_name>A&amp;B</ssl_first_name>');
      expect(xml).toContain('<ssl_account_type>1</ssl_account_type>');
      expect(xml).toContain('<ssl_bank_account_type>1</ssl_bank_account_type>');
      expect(xml).toContain('<ssl_agree>1</ssl_agree>');
      expect(unagreed?.get('xmldata')).toContain('<ssl_invoice_number>WP-NO-AGREE<');
      expect(unagreed?.get('xmldata')).not.toContain('ssl_agree');
    } finally {
      await recorder.close();
    }
  });

  /** A fake Converge that records every request and answers each with the next of `answers`. */
  async function recordingConverge(answers: string[]) {
    const received: Record<string, string>[] = [];
    const fake = await fakeConverge((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const xml = form.get('xmldata');
        received.push(xml ? readTxn(xml) : Object.fromEntries(form));
        response
          .writeHead(200, { 'content-type': xml ? 'text/xml' : 'text/plain' })
          .end(answers.shift() ?? 'TOKEN123');
      });
    });
    return { ...fake, received };
  }

  const APPROVAL =
    '<txn><ssl_result>0</ssl_result><ssl_result_message>APPROVAL</ssl_result_message></txn>';

  it('sends the flags that keep, verify and charge a stored card', async () => {
    const converge = await recordingConverge(['S1', 'S2', APPROVAL, APPROVAL]);
    try {
      const client = new ConvergeClient(converge.env);
      await client.createTransactionToken({
        transactionType: 'ccgettoken',
        verify: true,
        addToken: true,
        invoiceNumber: 'CS-1',
        firstName: 'Maria',
        lastName: 'Lopez',
      });
      await client.createTransactionToken({
        amountCents: 2500,
        invoiceNumber: 'WP-2',
        addToken: true,
      });
      await client.tokenSale({
        token: '4000123456789990',
        amountCents: 5000,
        invoiceNumber: 'WP-3',
        firstName: 'Maria',
        recurring: { kind: 'instalment', paymentNumber: 2, paymentCount: 6 },
      });
      await client.tokenSale({
        token: '4000123456789990',
        amountCents: 5000,
        invoiceNumber: 'WP-4',
        recurring: { kind: 'unscheduled' },
      });
      const credentials = { ssl_merchant_id: 'm', ssl_user_id: 'u', ssl_pin: 'SECRET-PIN-VALUE' };
      expect(converge.received).toEqual([
        {
          ...credentials,
          ssl_transaction_type: 'ccgettoken',
          ssl_invoice_number: 'CS-1',
          ssl_first_name: 'Maria',
          ssl_last_name: 'Lopez',
          ssl_add_token: 'Y',
          ssl_verify: 'Y',
        },
        {
          ...credentials,
          ssl_transaction_type: 'ccsale',
          ssl_amount: '25.00',
          ssl_invoice_number: 'WP-2',
          ssl_get_token: 'Y',
          ssl_add_token: 'Y',
        },
        {
          ...credentials,
          ssl_transaction_type: 'ccsale',
          ssl_token: '4000123456789990',
          ssl_amount: '50.00',
          ssl_invoice_number: 'WP-3',
          ssl_first_name: 'Maria',
          ssl_recurring_flag: '2',
          ssl_payment_number: '2',
          ssl_payment_count: '6',
        },
        {
          ...credentials,
          ssl_transaction_type: 'ccsale',
          ssl_token: '4000123456789990',
          ssl_amount: '50.00',
          ssl_invoice_number: 'WP-4',
          ssl_merchant_initiated_unscheduled: 'Y',
          ssl_entry_mode: '12',
        },
      ]);
    } finally {
      await converge.close();
    }
  });

  it('reads Card Manager answers: the card, not held, refused, or not Converge at all', async () => {
    const converge = await recordingConverge([
      '<txn><ssl_result>0</ssl_result><ssl_token>T1</ssl_token><ssl_token_response>SUCCESS</ssl_token_response>' +
        '<ssl_account_number>41**********9990</ssl_account_number><ssl_card_type>VISA</ssl_card_type>' +
        '<ssl_exp_date>1239</ssl_exp_date><ssl_first_name></ssl_first_name></txn>',
      '<txn><ssl_result>1</ssl_result><ssl_token_response>FAILURE</ssl_token_response></txn>',
      '<txn><errorCode>5087</errorCode><errorName>Invalid Token</errorName></txn>',
      '<txn><errorCode>4025</errorCode><errorName>Invalid Credentials</errorName></txn>',
      '<txn><other>1</other></txn>',
      '<txn><ssl_result>0</ssl_result><ssl_token_response>SUCCESS</ssl_token_response></txn>',
      '<txn><ssl_result>1</ssl_result><ssl_result_message>NOT DELETED</ssl_result_message></txn>',
      '<txn><errorCode>4025</errorCode><errorName>Invalid Credentials</errorName></txn>',
    ]);
    try {
      const client = new ConvergeClient(converge.env);
      expect(await client.queryToken('T1')).toEqual({
        token: 'T1',
        cardNumberMasked: '41**********9990',
        cardBrand: 'VISA',
        expiry: '1239',
      });
      expect(converge.received[0]).toMatchObject({
        ssl_transaction_type: 'ccquerytoken',
        ssl_token: 'T1',
      });
      expect(await client.queryToken('T2')).toBeNull();
      expect(await client.queryToken('T3')).toBeNull();
      expect(await rejectionOf(client.queryToken('T4'))).toMatchObject({
        kind: 'processor',
        operation: 'ccquerytoken',
        errorCode: '4025',
      });
      expect(await rejectionOf(client.queryToken('T5'))).toBeInstanceOf(ConvergeTransportError);
      expect(await rejectionOf(client.queryToken('T6'))).toBeInstanceOf(ConvergeTransportError);
      expect(await rejectionOf(client.deleteToken('T7'))).toMatchObject({
        kind: 'processor',
        operation: 'ccdeletetoken',
        errorCode: 'TOKEN_NOT_DELETED',
      });
      expect(converge.received[6]).toMatchObject({
        ssl_transaction_type: 'ccdeletetoken',
        ssl_token: 'T7',
      });
      expect(await rejectionOf(client.deleteToken('T8'))).toMatchObject({ errorCode: '4025' });
    } finally {
      await converge.close();
    }
  });

  it('labels the token calls in its timings', async () => {
    const converge = await recordingConverge([
      APPROVAL,
      '<txn><errorCode>5087</errorCode></txn>',
      '<txn><errorCode>5087</errorCode></txn>',
    ]);
    const observed: string[] = [];
    try {
      const client = new ConvergeClient(converge.env, {
        observe: (operation, outcome) => observed.push(`${operation}:${outcome}`),
      });
      await client.tokenSale({
        token: 'T',
        amountCents: 100,
        invoiceNumber: 'WP-1',
        recurring: { kind: 'unscheduled' },
      });
      await client.queryToken('T');
      await client.deleteToken('T');
      expect(observed).toEqual([
        'ccsale:success',
        'ccquerytoken:processor',
        'ccdeletetoken:processor',
      ]);
    } finally {
      await converge.close();
    }
  });
});
