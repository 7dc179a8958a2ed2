import { SANDBOX_CONVERGE_PATH, type Env } from '../../src/env.ts';
import {
  readXml,
  fieldsOf,
  writeTxn,
  type TxnFields,
} from '../../src/modules/payments/converge/converge-xml.ts';
import type {
  ConvergeClient,
  ConvergeEnv,
} from '../../src/modules/payments/converge/converge.client.ts';
import {
  SANDBOX_BANK_ACCOUNTS,
  SANDBOX_CARD_DETAILS,
} from '../../src/modules/converge-sandbox/test-instruments.ts';

/** Where a test server serves its own sandbox processor. */
export { SANDBOX_CONVERGE_PATH };
/*
 * Test helpers for talking to the emulator of a running test server the way
 * Converge's clients do: form posts, XML documents, the lightbox's JSON.
 */

export interface SandboxUrls {
  hosted: string;
  token: string;
  script: string;
  lightbox: string;
  sale: string;
  xml: string;
}

export function sandboxUrls(baseUrl: string): SandboxUrls {
  const root = `${baseUrl}${SANDBOX_CONVERGE_PATH}`;
  return {
    hosted: `${root}/hosted-payments`,
    token: `${root}/hosted-payments/transaction_token`,
    script: `${root}/hosted-payments/PayWithConverge.js`,
    lightbox: `${root}/hosted-payments/lightbox`,
    sale: `${root}/hosted-payments/lightbox/sale`,
    xml: `${root}/VirtualMerchantDemo/processxml.do`,
  };
}

/** The adapter's settings pointing at a test server's emulator (its env is built before it listens). */
export function sandboxConvergeEnv(baseUrl: string, env: Env): ConvergeEnv {
  const urls = sandboxUrls(baseUrl);
  return {
    CONVERGE_HOSTED_URL: urls.hosted,
    CONVERGE_XML_URL: urls.xml,
    CONVERGE_MERCHANT_ID: env.CONVERGE_MERCHANT_ID,
    CONVERGE_USER_ID: env.CONVERGE_USER_ID,
    CONVERGE_PIN: env.CONVERGE_PIN,
  };
}

export function credentialFields(env: Env): TxnFields {
  return {
    ssl_merchant_id: env.CONVERGE_MERCHANT_ID,
    ssl_user_id: env.CONVERGE_USER_ID,
    ssl_pin: env.CONVERGE_PIN,
  };
}

export function postForm(url: string, fields: TxnFields): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields) });
}

/** A session token for a card sale, with the configured credentials. */
export async function issueToken(
  baseUrl: string,
  env: Env,
  fields: TxnFields = {},
): Promise<string> {
  const response = await postForm(sandboxUrls(baseUrl).token, {
    ...credentialFields(env),
    ssl_transaction_type: 'ccsale',
    ssl_amount: '25.00',
    ...fields,
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`token refused: ${response.status} ${body}`);
  return body;
}

export interface SaleFields {
  token: string;
  cardNumber: string;
  expiry?: string;
  cvv?: string;
  name?: string;
}

/** What the lightbox form posts when Pay is pressed. */
export function postSale(baseUrl: string, sale: SaleFields): Promise<Response> {
  return fetch(sandboxUrls(baseUrl).sale, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      expiry: SANDBOX_CARD_DETAILS.expiry,
      cvv: SANDBOX_CARD_DETAILS.cvv,
      name: SANDBOX_CARD_DETAILS.name,
      ...sale,
    }),
  });
}

/** One XML API call; the answer's root element (txn or txnlist). */
export async function xmlCall(baseUrl: string, fields: TxnFields) {
  const response = await postForm(sandboxUrls(baseUrl).xml, { xmldata: writeTxn(fields) });
  return readXml(await response.text());
}

/** One XML API call answered by a `<txn>`; its fields. */
export async function xmlTxn(baseUrl: string, fields: TxnFields): Promise<TxnFields> {
  const root = await xmlCall(baseUrl, fields);
  if (root.name !== 'txn') throw new Error(`expected <txn>, got <${root.name}>`);
  return fieldsOf(root);
}

/** How Converge writes a time: "10/14/2020 12:10:33 PM". */
export const CONVERGE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/;

let invoiceCounter = 0;
/** Invoice numbers unique to this run, so queries by invoice see only this test's rows. */
export function uniqueInvoice(prefix: string): string {
  invoiceCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${invoiceCounter}`.slice(0, 25);
}

/** A card sale through the lightbox: a token for the amount, then Pay; the lightbox's response. */
export async function lightboxSale(
  baseUrl: string,
  env: Env,
  sale: { invoiceNumber: string; cardNumber: string; amount?: string },
): Promise<Record<string, string>> {
  const token = await issueToken(baseUrl, env, {
    ssl_amount: sale.amount ?? '25.00',
    ssl_invoice_number: sale.invoiceNumber,
  });
  const answer = (await (
    await postSale(baseUrl, { token, cardNumber: sale.cardNumber })
  ).json()) as { response?: Record<string, string> };
  if (!answer.response) throw new Error(`no sale response: ${JSON.stringify(answer)}`);
  return answer.response;
}

/** An approved eCheck debit through the Converge client. */
export function echeckPurchase(client: ConvergeClient, invoiceNumber: string, amountCents = 4000) {
  return client.ecsPurchase({
    amountCents,
    invoiceNumber,
    routingNumber: SANDBOX_BANK_ACCOUNTS.approved.routingNumber,
    accountNumber: SANDBOX_BANK_ACCOUNTS.approved.accountNumber,
    accountType: 'CHECKING',
    authorized: true,
    firstName: 'Maria',
    lastName: 'Lopez',
  });
}

/**
 * Closes the emulator's open batch over HTTP, as Converge's `settle` request
 * does: sales made before it can then be returned, no longer voided.
 */
export function settleSandbox(baseUrl: string, env: Env): Promise<TxnFields> {
  return xmlTxn(baseUrl, { ...credentialFields(env), ssl_transaction_type: 'settle' });
}
