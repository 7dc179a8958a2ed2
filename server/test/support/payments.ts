import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { API_PATHS, IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { userSchema } from '@webpay/contracts/auth';
import type { ECheck, PayerInput } from '@webpay/contracts/billing';
import { appConfigSchema } from '@webpay/contracts/config';
import {
  authorizationTerms,
  eCheckAuthorizationText,
} from '@webpay/contracts/echeck-authorization';
import { errorObjectSchema, type ErrorObject } from '@webpay/contracts/errors';
import type { Language } from '@webpay/contracts/language';
import { toCents } from '@webpay/contracts/money';
import {
  PAYMENT_TYPE_LABELS,
  cardStartResponseSchema,
  type CardStartResponse,
  type ECheckAuthorization,
  type PaymentLine,
} from '@webpay/contracts/payments';
import type { Database } from '../../src/db/client.ts';
import {
  payments,
  sandboxConvergeTokens,
  sandboxConvergeTransactions,
} from '../../src/db/schema.ts';
import type { TestServer as FullTestServer } from './test-server.ts';
import { postSale } from './converge-sandbox.ts';
import {
  SANDBOX_BANK_ACCOUNTS,
  SANDBOX_TEST_CARDS,
} from '../../src/modules/converge-sandbox/test-instruments.ts';
import { receiptResponseSchema } from '../../src/modules/payments/receipts.ts';

/*
 * Payments as the portal makes them, against a running test server and its
 * sandbox processor: start, pay in the "lightbox" (its Pay button's call),
 * complete, cancel.
 */

/** What the helpers need of a server: its address and its API (a spawned server has them too). */
export type TestServer = Pick<FullTestServer, 'api' | 'baseUrl'>;

export const newKey = () => `test-${randomUUID()}`;

export const MARIA_PAYER: PayerInput = {
  firstName: 'Maria',
  lastName: 'Garcia',
  address: '1234 South Temple',
  city: 'Salt Lake City',
  state: 'UT',
  zipCode: '84101',
  email: 'maria.garcia@example.com',
};

/** Maria's accounts from the demo data (DEMO_DATA.md §1), as the portal builds their lines. */
export const MARIA_LINES = {
  /** Outpatient surgery, balance $1,250.00. */
  surgery: (amount: number): PaymentLine => ({
    paymentType: PAYMENT_TYPE_LABELS.encounter,
    facilityId: '107',
    accountId: '107-40010001',
    amount,
  }),
  /** Emergency visit, balance $310.45. */
  emergency: (amount: number): PaymentLine => ({
    paymentType: PAYMENT_TYPE_LABELS.encounter,
    facilityId: '107',
    accountId: '107-40010002',
    amount,
  }),
  /** Laboratory and imaging: nothing owed. */
  imaging: (amount: number): PaymentLine => ({
    paymentType: PAYMENT_TYPE_LABELS.encounter,
    facilityId: '107',
    accountId: '107-40010003',
    amount,
  }),
  /** Mail-in plan PP-7001 version 1 (its encounters are 107-40009001 and 107-40009002). */
  mailInPlan: (amount: number): PaymentLine => ({
    paymentType: PAYMENT_TYPE_LABELS.payment_plan,
    facilityId: '107',
    accountId: '107-PP-7001',
    amount,
  }),
  /** Central Lab 153-80001, balance $45.20. */
  centralLab: (amount: number): PaymentLine => ({
    paymentType: PAYMENT_TYPE_LABELS.external,
    facilityId: '153',
    accountId: '80001',
    amount,
  }),
  guarantor: (amount: number): PaymentLine => ({
    paymentType: PAYMENT_TYPE_LABELS.total,
    facilityId: '107',
    accountId: '107-5001001',
    amount,
  }),
};

export interface CardStartBodyInput {
  accounts: PaymentLine[];
  payer?: PayerInput;
  saveEmailAsGuarantor?: boolean;
  acknowledgePending?: boolean;
}

export function startCard(
  server: TestServer,
  token: string,
  body: CardStartBodyInput,
  key: string = newKey(),
): Promise<Response> {
  return server.api(API_PATHS.paymentsInit, {
    token,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    body: { payer: MARIA_PAYER, saveEmailAsGuarantor: false, ...body },
  });
}

export async function startedCard(
  server: TestServer,
  token: string,
  body: CardStartBodyInput,
  key?: string,
): Promise<CardStartResponse> {
  const response = await startCard(server, token, body, key);
  if (response.status !== 200) {
    throw new Error(`card start failed: ${response.status} ${await response.text()}`);
  }
  return cardStartResponseSchema.strict().parse(await response.json());
}

/** The lightbox's Pay button with a test card; the processor's answer as PayWithConverge gives it. */
export async function payInLightbox(
  server: TestServer,
  lightboxToken: string,
  cardNumber: string = SANDBOX_TEST_CARDS.visa.number,
): Promise<{ type: string; response: Record<string, string> }> {
  const response = await postSale(server.baseUrl, { token: lightboxToken, cardNumber });
  return (await response.json()) as { type: string; response: Record<string, string> };
}

export function completeCard(
  server: TestServer,
  token: string,
  refNum: string,
  convergeResponse: Record<string, string>,
  saveEmailAsGuarantor = false,
): Promise<Response> {
  return server.api(API_PATHS.paymentCard(refNum), {
    method: 'PUT',
    token,
    body: { convergeResponse, saveEmailAsGuarantor },
  });
}

export function cancelPayment(
  server: TestServer,
  token: string,
  refNum: string,
  message: string,
): Promise<Response> {
  return server.api(API_PATHS.payment(refNum), {
    method: 'DELETE',
    token,
    body: { message },
  });
}

export async function receiptOf(response: Response) {
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`expected a receipt: ${JSON.stringify(body)}`);
  return receiptResponseSchema.parse(body);
}

export async function errorOf(response: Response): Promise<ErrorObject> {
  return errorObjectSchema.strict().parse(await response.json());
}

/** A whole card payment: start, pay with the test card, complete. */
export async function payByCard(server: TestServer, token: string, body: CardStartBodyInput) {
  const started = await startedCard(server, token, body);
  const sale = await payInLightbox(server, started.token);
  if (sale.type !== 'approval') throw new Error(`the sandbox did not approve: ${sale.type}`);
  const receipt = await receiptOf(await completeCard(server, token, started.refNum, sale.response));
  return { started, sale, receipt };
}

/** The bank account the sandbox approves, as the eCheck form sends it. */
export const APPROVED_ECHECK: ECheck = {
  routingNumber: SANDBOX_BANK_ACCOUNTS.approved.routingNumber,
  accountNumber: SANDBOX_BANK_ACCOUNTS.approved.accountNumber,
  accountType: 'CHECKING',
};

async function parsedJson<T>(
  response: Promise<Response>,
  schema: { parse: (value: unknown) => T },
) {
  const answer = await response;
  if (answer.status !== 200)
    throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return schema.parse(await answer.json());
}

/**
 * The eCheck authorization the portal shows the signed-in guarantor for
 * these lines and bank account today, accepted: worded from what the portal
 * reads (the app configuration and the user), as the portal words it.
 */
export async function acceptedAuthorization(
  server: TestServer,
  token: string,
  accounts: readonly Pick<PaymentLine, 'amount'>[],
  eCheck: Pick<ECheck, 'accountType' | 'accountNumber'> = APPROVED_ECHECK,
  language: Language = 'en',
): Promise<ECheckAuthorization> {
  const [config, user] = await Promise.all([
    parsedJson(server.api(API_PATHS.configApp), appConfigSchema),
    parsedJson(server.api(API_PATHS.me, { token }), userSchema),
  ]);
  const sources = {
    payee: config.branding.providerName,
    billingOfficeEmail: config.branding.supportEmail,
    supportPhone: user.supportPhone,
    fallbackSupportPhone: config.fallbackSupportPhone,
    timeZone: config.timeZone,
  };
  const amountCents = accounts.reduce((sum, line) => sum + toCents(line.amount), 0);
  const terms = authorizationTerms(sources, { ...eCheck, amountCents });
  return { accepted: true, text: eCheckAuthorizationText(language, terms) };
}

export interface AchBodyInput {
  accounts: PaymentLine[];
  payer?: PayerInput;
  eCheck?: ECheck;
  saveEmailAsGuarantor?: boolean;
  acknowledgePending?: boolean;
  /** What the payer accepted; by default the authorization the portal shows, accepted. */
  authorization?: unknown;
}

/** POST /payments/ach as the portal sends it, in `language`, with its authorization accepted. */
export async function payAch(
  server: TestServer,
  token: string,
  body: AchBodyInput,
  key: string = newKey(),
  language: Language = 'en',
): Promise<Response> {
  const eCheck = body.eCheck ?? APPROVED_ECHECK;
  const authorization =
    'authorization' in body
      ? body.authorization
      : await acceptedAuthorization(server, token, body.accounts, eCheck, language);
  return server.api(API_PATHS.paymentsAch, {
    token,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key, 'Accept-Language': language },
    body: { payer: MARIA_PAYER, saveEmailAsGuarantor: false, ...body, eCheck, authorization },
  });
}

export async function paymentByRef(db: Database, refNum: string) {
  const [row] = await db.select().from(payments).where(eq(payments.processorReference, refNum));
  return row;
}

/**
 * What the sandbox processor holds for an invoice: tokens issued and
 * transactions made, oldest first. Voids and returns carry their sale's
 * invoice number, so they are listed with it; `settledAt` says whether its
 * batch has closed.
 */
export async function processorRecords(db: Database, invoiceNumber: string) {
  const [tokens] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sandboxConvergeTokens)
    .where(eq(sandboxConvergeTokens.invoiceNumber, invoiceNumber));
  const transactions = await db
    .select()
    .from(sandboxConvergeTransactions)
    .where(eq(sandboxConvergeTransactions.invoiceNumber, invoiceNumber))
    .orderBy(asc(sandboxConvergeTransactions.createdAt));
  return { tokens: tokens?.count ?? 0, transactions };
}

export async function countRows(
  db: Database,
  table: 'payments' | 'sandbox_converge_tokens' | 'sandbox_converge_transactions',
) {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${sql.identifier(table)}`,
  );
  return result.rows[0]?.count ?? 0;
}
