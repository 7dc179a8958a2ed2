import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxConvergeTokens, sandboxConvergeTransactions } from '../../db/schema.ts';
import { hashToken } from '../../lib/secrets.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  credentialFields,
  issueToken,
  postForm,
  postSale,
  sandboxUrls,
  type SandboxUrls,
} from '../../../test/support/converge-sandbox.ts';
import {
  SANDBOX_CARD_DETAILS,
  SANDBOX_INVALID_CARD_NUMBER,
  SANDBOX_TEST_CARDS,
} from './test-instruments.ts';

const TXN_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/;

describe.each(testDatabaseKinds)('Converge sandbox: hosted payments (%s)', (kind) => {
  let server: TestServer;
  let urls: SandboxUrls;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { WEBPAY_PROVIDER_NAME: 'Wasatch & Sons' } });
    urls = sandboxUrls(server.baseUrl);
  });

  afterAll(async () => {
    await server?.close();
  });

  const token = (fields: Record<string, string> = {}) =>
    issueToken(server.baseUrl, server.env, fields);

  describe('POST transaction_token', () => {
    it('answers a bare, random token as plain text, with ssl_account_id accepted too', async () => {
      const response = await postForm(urls.token, {
        ...credentialFields(server.env),
        ssl_transaction_type: 'ccsale',
        ssl_amount: '25.00',
        ssl_invoice_number: 'WP-TOKEN-1',
        ssl_first_name: 'Maria',
        ssl_last_name: 'Lopez',
        ssl_avs_address: '12 Main St',
        ssl_avs_zip: '84101',
        ssl_city: 'Salt Lake City',
        ssl_state: 'UT',
        ssl_email: 'maria@example.com',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const first = await response.text();
      expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);

      const { ssl_merchant_id: merchantId, ...rest } = credentialFields(server.env);
      const second = await issueToken(server.baseUrl, server.env, {
        ...rest,
        ssl_account_id: merchantId ?? '',
      });
      expect(second).not.toBe(first);

      // Only a hash of the token is stored.
      const [row] = await server.database.db
        .select()
        .from(sandboxConvergeTokens)
        .where(eq(sandboxConvergeTokens.tokenHash, hashToken(first)));
      expect(row).toMatchObject({ amountCents: 2500, invoiceNumber: 'WP-TOKEN-1' });
      expect(JSON.stringify(row)).not.toContain(first);
    });

    it('refuses wrong credentials with 403 and missing ones with their own error codes', async () => {
      const wrongPin = await postForm(urls.token, {
        ...credentialFields(server.env),
        ssl_pin: 'WRONG-PIN',
        ssl_transaction_type: 'ccsale',
        ssl_amount: '25.00',
      });
      expect(wrongPin.status).toBe(403);
      const body = await wrongPin.text();
      expect(body).toContain('error');
      expect(body).toContain('4025');
      expect(body).not.toContain('WRONG-PIN');

      for (const [missing, code] of [
        ['ssl_merchant_id', '4000'],
        ['ssl_user_id', '4019'],
        ['ssl_pin', '4013'],
      ] as const) {
        const fields = Object.fromEntries(
          Object.entries(credentialFields(server.env)).filter(([name]) => name !== missing),
        );
        const response = await postForm(urls.token, {
          ...fields,
          ssl_transaction_type: 'ccsale',
          ssl_amount: '1.00',
        });
        expect(response.status, missing).toBe(400);
        expect(await response.text(), missing).toMatch(new RegExp(`^error ${code} `));
      }
    });

    it('refuses bad fields with a 4xx body containing "error"', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ ssl_amount: '25' }, '5000'],
        [{ ssl_amount: '25.5' }, '5000'],
        [{ ssl_amount: '0.00' }, '5000'],
        [{ ssl_amount: '123456789.00' }, '5005'],
        [{ ssl_amount: '' }, '4009'],
        [{ ssl_transaction_type: 'ccreturn' }, '4014'],
        [{ ssl_invoice_number: 'X'.repeat(26) }, '5005'],
        [{ ssl_email: 'not-an-address' }, '5000'],
      ];
      for (const [fields, code] of cases) {
        const response = await postForm(urls.token, {
          ...credentialFields(server.env),
          ssl_transaction_type: 'ccsale',
          ssl_amount: '25.00',
          ...fields,
        });
        const label = JSON.stringify(fields);
        expect(response.status, label).toBe(400);
        expect(await response.text(), label).toMatch(new RegExp(`^error ${code} `));
      }
    });

    it('answers a body that is not a form with an error, not a token', async () => {
      const response = await fetch(urls.token, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'ssl_amount=1.00',
      });
      expect(response.status).toBe(415);
      expect(await response.text()).toMatch(/^error/);
    });
  });

  describe('PayWithConverge.js', () => {
    it('is a plain script any site may load, defining PayWithConverge.open', async () => {
      const response = await fetch(urls.script);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const script = await response.text();
      expect(script).toContain('window.PayWithConverge = { open: open }');
      expect(script).toContain('event.origin !== processorOrigin');
    });
  });

  describe('the lightbox page', () => {
    const pageUrl = (tokenValue: string, origin = server.baseUrl) =>
      `${urls.lightbox}?${new URLSearchParams({ token: tokenValue, origin })}`;

    it('shows the amount, the merchant and the card fields under its own strict, frameable policy', async () => {
      const tokenValue = await token({
        ssl_amount: '1234.50',
        ssl_invoice_number: 'WP-PAGE-1',
        ssl_first_name: 'Maria',
        ssl_last_name: 'Lopez',
      });
      const response = await fetch(pageUrl(tokenValue));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self';");
      expect(csp).toContain(`frame-ancestors 'self' ${new URL(server.env.PUBLIC_URL).origin}`);
      expect(response.headers.get('x-frame-options')).toBeNull();

      const html = await response.text();
      expect(html).toContain('$1,234.50');
      expect(html).toContain('Pay $1,234.50');
      expect(html).toContain('Wasatch &amp; Sons');
      expect(html).toContain('Reference WP-PAGE-1');
      expect(html).toContain('autocomplete="cc-number"');
      expect(html).toContain('autocomplete="cc-exp"');
      expect(html).toContain('autocomplete="cc-csc"');
      expect(html).toContain('autocomplete="cc-name"');
      expect(html).toContain('value="Maria Lopez"');
      expect(html).toContain(`data-parent-origin="${server.baseUrl}"`);
      expect(html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+=/i);
    });

    it('keeps the portal policy (no framing) everywhere else on the server', async () => {
      const response = await fetch(`${server.baseUrl}/health`);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    it('serves its script and styles as files', async () => {
      const script = await fetch(`${urls.lightbox}/lightbox.js`);
      expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
      expect(await script.text()).toContain("post({ type: 'ready' })");
      const styles = await fetch(`${urls.lightbox}/lightbox.css`);
      expect(styles.headers.get('content-type')).toMatch(/^text\/css/);
    });

    it('shows an error page that reports the error for an unknown or used token', async () => {
      const unknown = await fetch(pageUrl('no-such-token'));
      expect(unknown.status).toBe(200);
      const html = await unknown.text();
      expect(html).toContain('data-error-code="6051"');
      expect(html).toContain('Payment unavailable');

      const tokenValue = await token();
      expect(
        (
          await postSale(server.baseUrl, {
            token: tokenValue,
            cardNumber: SANDBOX_TEST_CARDS.visa.number,
          })
        ).status,
      ).toBe(200);
      const used = await fetch(pageUrl(tokenValue));
      expect(used.status).toBe(200);
      expect(await used.text()).toContain('data-error-code="6051"');
    });

    it('will not post to an opener it does not know', async () => {
      const tokenValue = await token();
      const response = await fetch(pageUrl(tokenValue, 'https://evil.example'));
      expect(response.status).toBe(403);
      const html = await response.text();
      expect(html).not.toContain('data-parent-origin');
      expect(html).not.toContain('evil.example');
    });
  });

  describe('the sale', () => {
    it.each(
      (['visa', 'mastercard', 'discover', 'amex'] as const).map((brand) => [
        brand,
        SANDBOX_TEST_CARDS[brand],
      ]),
    )('approves the %s test card with a Converge-shaped response', async (_brand, card) => {
      const tokenValue = await token({
        ssl_amount: '25.00',
        ssl_invoice_number: `WP-APPROVE-${card.brand}`,
        ssl_avs_address: '12 Main St',
        ssl_avs_zip: '84101',
      });
      const response = await postSale(server.baseUrl, {
        token: tokenValue,
        cardNumber: card.number,
        expiry: SANDBOX_CARD_DETAILS.expiry,
        cvv: card.brand === 'AMEX' ? SANDBOX_CARD_DETAILS.amexCvv : SANDBOX_CARD_DETAILS.cvv,
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { type: string; response: Record<string, string> };
      expect(answer.type).toBe('approval');
      const digits = card.number;
      expect(answer.response).toMatchObject({
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
        ssl_card_number: `${digits.slice(0, 2)}${'*'.repeat(digits.length - 6)}${digits.slice(-4)}`,
        ssl_card_short_description: card.brand,
        ssl_card_type: 'CREDITCARD',
        ssl_exp_date: '1239',
        ssl_amount: '25.00',
        ssl_invoice_number: `WP-APPROVE-${card.brand}`,
        ssl_avs_response: 'Y',
        ssl_cvv2_response: 'M',
        ssl_issuer_response: '00',
        ssl_transaction_type: 'SALE',
      });
      expect(answer.response.ssl_approval_code).toMatch(/^\d{6}$/);
      expect(answer.response.ssl_txn_id).toMatch(/^\d{6}[A-Z0-9]{3}-[0-9A-F-]{36}$/);
      expect(answer.response.ssl_txn_time).toMatch(TXN_TIME);
      for (const value of Object.values(answer.response)) expect(typeof value).toBe('string');

      // Stored with the masked number only; there is no column a CVV could go in.
      const [row] = await server.database.db
        .select()
        .from(sandboxConvergeTransactions)
        .where(eq(sandboxConvergeTransactions.txnId, answer.response.ssl_txn_id ?? ''));
      expect(row).toMatchObject({ approved: true, amountCents: 2500 });
      expect(JSON.stringify(row)).not.toContain(card.number);
    });

    it('declines the declined test card', async () => {
      const tokenValue = await token({ ssl_invoice_number: 'WP-DECLINE-1' });
      const response = await postSale(server.baseUrl, {
        token: tokenValue,
        cardNumber: SANDBOX_TEST_CARDS.declined.number,
      });
      const answer = (await response.json()) as { type: string; response: Record<string, string> };
      expect(answer.type).toBe('declined');
      expect(answer.response).toMatchObject({
        ssl_result: '1',
        ssl_result_message: 'DECLINED',
        ssl_approval_code: '',
        ssl_card_number: '40**********0002',
        ssl_invoice_number: 'WP-DECLINE-1',
      });
    });

    it('fails with an error for the processor-error card, recording nothing and using up the token', async () => {
      const tokenValue = await token({ ssl_invoice_number: 'WP-FAIL-1' });
      const sale = { token: tokenValue, cardNumber: SANDBOX_TEST_CARDS.processorError.number };
      const answer = (await (await postSale(server.baseUrl, sale)).json()) as {
        type: string;
        error: Record<string, string>;
      };
      expect(answer).toEqual({
        type: 'error',
        error: {
          errorCode: '3000',
          errorName: 'Gateway Not Responding',
          errorMessage: expect.any(String),
        },
      });
      const rows = await server.database.db
        .select()
        .from(sandboxConvergeTransactions)
        .where(eq(sandboxConvergeTransactions.invoiceNumber, 'WP-FAIL-1'));
      expect(rows).toEqual([]);
      const again = (await (await postSale(server.baseUrl, sale)).json()) as { type: string };
      expect(again.type).toBe('error');
    });

    it('answers every field error at once without using up the token', async () => {
      const tokenValue = await token();
      const response = await postSale(server.baseUrl, {
        token: tokenValue,
        cardNumber: SANDBOX_INVALID_CARD_NUMBER,
        expiry: '01/20',
        cvv: '12',
        name: ' ',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        type: 'invalid',
        fieldErrors: {
          cardNumber: 'This card number is not valid. Check it and try again.',
          expiry: 'This card has expired.',
          cvv: 'Enter the 3-digit security code.',
          name: 'Enter the name on the card.',
        },
      });

      const badFormats = await postSale(server.baseUrl, {
        token: tokenValue,
        cardNumber: '1234',
        expiry: '13/30',
        cvv: 'abc',
      });
      expect(await badFormats.json()).toEqual({
        type: 'invalid',
        fieldErrors: {
          cardNumber: 'Enter the card number: 12 to 19 digits.',
          expiry: 'Enter the expiry date as MM/YY.',
          cvv: 'Enter the 3 or 4-digit security code.',
        },
      });

      const amexShortCvv = await postSale(server.baseUrl, {
        token: tokenValue,
        cardNumber: SANDBOX_TEST_CARDS.amex.number,
        cvv: '123',
      });
      expect(await amexShortCvv.json()).toEqual({
        type: 'invalid',
        fieldErrors: { cvv: 'Enter the 4-digit security code.' },
      });

      // Spaces in the number and a four-digit year are what people type.
      const fixed = await postSale(server.baseUrl, {
        token: tokenValue,
        cardNumber: '4124 9399 9999 9990',
        expiry: '12/2039',
      });
      expect(((await fixed.json()) as { type: string }).type).toBe('approval');
    });

    it('accepts the current month as an expiry', async () => {
      const now = new Date();
      const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
      const response = await postSale(server.baseUrl, {
        token: await token(),
        cardNumber: SANDBOX_TEST_CARDS.mastercard.number,
        expiry,
      });
      expect(((await response.json()) as { type: string }).type).toBe('approval');
    });

    it('charges a token once, however many times Pay is pressed', async () => {
      const tokenValue = await token({ ssl_invoice_number: 'WP-ONCE-1' });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          postSale(server.baseUrl, {
            token: tokenValue,
            cardNumber: SANDBOX_TEST_CARDS.visa.number,
          }).then(
            (response) =>
              response.json() as Promise<{ type: string; error?: { errorCode: string } }>,
          ),
        ),
      );
      expect(answers.filter((answer) => answer.type === 'approval')).toHaveLength(1);
      expect(answers.filter((answer) => answer.error?.errorCode === '6051')).toHaveLength(4);
      const rows = await server.database.db
        .select()
        .from(sandboxConvergeTransactions)
        .where(eq(sandboxConvergeTransactions.invoiceNumber, 'WP-ONCE-1'));
      expect(rows).toHaveLength(1);
    });

    it('refuses an expired token with its own error, and an unknown one', async () => {
      const tokenValue = await token();
      await server.database.db
        .update(sandboxConvergeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sandboxConvergeTokens.tokenHash, hashToken(tokenValue)));
      const expired = await postSale(server.baseUrl, {
        token: tokenValue,
        cardNumber: SANDBOX_TEST_CARDS.visa.number,
      });
      expect(await expired.json()).toMatchObject({ type: 'error', error: { errorCode: '4017' } });

      const page = await fetch(
        `${urls.lightbox}?${new URLSearchParams({ token: tokenValue, origin: server.baseUrl })}`,
      );
      expect(await page.text()).toContain('data-error-code="4017"');

      const unknown = await postSale(server.baseUrl, {
        token: 'forged-token',
        cardNumber: SANDBOX_TEST_CARDS.visa.number,
      });
      expect(await unknown.json()).toMatchObject({ type: 'error', error: { errorCode: '6051' } });
    });

    it('refuses a malformed sale request', async () => {
      const response = await fetch(urls.sale, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: 'x' }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ type: 'error', error: { errorCode: '6042' } });
    });
  });
});

describe('Converge sandbox switched off', () => {
  it('is not served when SANDBOX_PROCESSOR is false', async () => {
    const server = await startTestServer('pglite', { env: { SANDBOX_PROCESSOR: 'false' } });
    try {
      const response = await fetch(sandboxUrls(server.baseUrl).script);
      expect(response.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
