import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.ts';
import { postSale, sandboxConvergeEnv } from '../../../../test/support/converge-sandbox.ts';
import { SANDBOX_BANK_ACCOUNTS, SANDBOX_TEST_CARDS } from '../../converge-sandbox/index.ts';
import { ConvergeClient, type ConvergeEnv } from './converge.client.ts';
import {
  ConvergeProcessorError,
  ConvergeTimeoutError,
  ConvergeTransportError,
} from './converge.errors.ts';
import { isApproved, verifyApproval } from './verify-approval.ts';

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

  async function approvedCardSale(invoiceNumber: string, amountCents: number) {
    const token = await client.createTransactionToken({
      amountCents,
      invoiceNumber,
      firstName: 'Maria',
      lastName: 'Lopez-Hernandez de la Cruz y Montoya',
      address: '1234 South Temple Street, Building C',
      city: 'Salt Lake City',
      state: 'UT',
      zip: '84101-1234',
      email: 'maria@example.com',
    });
    const answer = (await (
      await postSale(server.baseUrl, { token, cardNumber: SANDBOX_TEST_CARDS.visa.number })
    ).json()) as { type: string; response: Record<string, string> };
    expect(answer.type).toBe('approval');
    return answer.response;
  }

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

  it('checks its input before sending anything', async () => {
    await expect(
      client.createTransactionToken({ amountCents: 12.5, invoiceNumber: 'WP-1' }),
    ).rejects.toThrow();
    await expect(
      client.createTransactionToken({ amountCents: 100, invoiceNumber: 'has space' }),
    ).rejects.toThrow();
    await expect(client.queryTransaction({ txnId: '' })).rejects.toThrow();
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
});
