import { createHash, timingSafeEqual } from 'node:crypto';
import { hashToken, randomToken } from '../../lib/secrets.ts';
import type { Env } from '../../env.ts';
import {
  parseConvergeAmount,
  XmlSyntaxError,
  readTxn,
  writeTxn,
  writeTxnList,
  type TxnFields,
} from '../payments/index.ts';
import {
  SANDBOX_ERRORS,
  settleAnswer,
  newApprovalCode,
  newBatchId,
  newTxnId,
  queryFields,
  resultFields,
  xmlAnswer,
  xmlError,
  type ConvergeErrorFields,
} from './converge-answers.ts';
import { SandboxCardManager } from './card-manager.ts';
import type {
  ConvergeSandboxRepository,
  NewSandboxTransaction,
  ReturnRefusal,
  SandboxTokenRow,
  SandboxTransactionRow,
  SettledBatch,
  TokenRefusal,
} from './converge-sandbox.repository.ts';
import {
  CUSTOMER_FIELDS,
  ecsPurchaseSchema,
  getTokenRequestSchema,
  parseFields,
  presentFields,
  returnSchema,
  searchPeriod,
  tokenRequestSchema,
  txnQuerySchema,
  voidSchema,
} from './converge-requests.ts';
import { checkCard, type CardFieldErrors, type LightboxSaleInput } from './lightbox-sale.ts';
import { sessionRecords, sessionResponse } from './lightbox-outcome.ts';
import {
  cutoffAfter,
  latestCutoff,
  settlementSchedule,
  type SettlementSchedule,
} from './settlement-schedule.ts';
import { bankAccountOutcome } from './test-instruments.ts';

export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** Expired tokens are kept a day, then deleted when the next token is issued. */
const EXPIRED_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface SandboxCredentials {
  merchantId: string;
  userId: string;
  pin: string;
}

export interface ConvergeSandboxOptions {
  credentials: SandboxCredentials;
  /** The daily settlement time, 'HH:MM' in `timeZone`, or 'off'; without it, only on request. */
  settlement?: { time: string; timeZone: string };
  now?: () => Date;
}

/** The emulator's options from the server's settings: the credentials the adapter sends, the daily settlement. */
export function sandboxOptions(
  env: Pick<
    Env,
    | 'CONVERGE_MERCHANT_ID'
    | 'CONVERGE_USER_ID'
    | 'CONVERGE_PIN'
    | 'SANDBOX_SETTLEMENT_TIME'
    | 'WEBPAY_TIME_ZONE'
  >,
  now?: () => Date,
): ConvergeSandboxOptions {
  return {
    credentials: {
      merchantId: env.CONVERGE_MERCHANT_ID,
      userId: env.CONVERGE_USER_ID,
      pin: env.CONVERGE_PIN,
    },
    settlement: { time: env.SANDBOX_SETTLEMENT_TIME, timeZone: env.WEBPAY_TIME_ZONE },
    ...(now ? { now } : {}),
  };
}

/** Scheduled batches closed in one go at most; more wait for the next request. */
const MAX_SCHEDULED_BATCHES_PER_REQUEST = 400;

/** What the lightbox shows about the payment (or the card saving) a token was issued for. */
export interface LightboxSession {
  /** ccsale charges the amount; ccgettoken saves the card and charges nothing. */
  transactionType: 'ccsale' | 'ccgettoken';
  amountCents: number;
  /** ccgettoken with ssl_verify=Y: the card's bank checks it first. */
  verify: boolean;
  invoiceNumber: string | null;
  firstName?: string;
  lastName?: string;
}

/** A session token request, parsed: what it charges or saves, and for whom. */
interface SessionRequest {
  transactionType: 'ccsale' | 'ccgettoken';
  amountCents: number;
  addToken: boolean;
  verify: boolean;
  invoiceNumber: string | undefined;
  customer: Record<string, string>;
}

/** A Converge-shaped response object, as the lightbox hands it to onApproval / onDeclined. */
export type ConvergeResponse = Record<string, string>;

export type SaleOutcome =
  | { type: 'approval' | 'declined'; response: ConvergeResponse }
  | { type: 'error'; error: ConvergeErrorFields }
  | { type: 'invalid'; fieldErrors: CardFieldErrors };

/** Refusals of the token endpoint: HTTP status and Converge's error. */
export interface TokenRefusalAnswer {
  status: 400 | 403;
  error: ConvergeErrorFields;
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The Converge emulator's behaviour behind its HTTP routes: credentials,
 * session tokens, the lightbox sale, and the XML API's transaction types.
 */
export class ConvergeSandbox {
  private readonly credentials: SandboxCredentials;
  private readonly schedule: SettlementSchedule | undefined;
  private readonly now: () => Date;
  private readonly cardManager: SandboxCardManager;

  constructor(
    private readonly repository: ConvergeSandboxRepository,
    options: ConvergeSandboxOptions,
  ) {
    this.credentials = options.credentials;
    this.schedule =
      options.settlement &&
      settlementSchedule(options.settlement.time, options.settlement.timeZone);
    this.now = options.now ?? (() => new Date());
    this.cardManager = new SandboxCardManager(repository, this.now);
  }

  /**
   * The daily settlement, done lazily: every request first closes the
   * batches whose cutoff has passed, each at its own cutoff instant and with
   * the transactions made before it, so the outcome does not depend on when
   * (or on which server) the next request came. Nothing runs in the
   * background.
   */
  async settleDue(): Promise<void> {
    if (!this.schedule) return;
    const latest = latestCutoff(this.schedule, this.now());
    for (let batch = 0; batch < MAX_SCHEDULED_BATCHES_PER_REQUEST; batch += 1) {
      const oldest = await this.repository.oldestOpenBefore(latest);
      if (!oldest) return;
      const cutoff = cutoffAfter(this.schedule, oldest);
      await this.repository.settle({
        batchId: newBatchId(cutoff),
        settledAt: cutoff,
        trigger: 'schedule',
        createdBefore: cutoff,
      });
    }
  }

  /** A `settle` request (or the command line's): closes the open batch now. */
  async settleNow(): Promise<SettledBatch> {
    await this.settleDue();
    const now = this.now();
    return this.repository.settle({ batchId: newBatchId(now), settledAt: now, trigger: 'request' });
  }

  /** Converge's credential checks: each one missing has its own code; a wrong one is 4025. */
  checkCredentials(fields: TxnFields): ConvergeErrorFields | undefined {
    // Some integrations send the merchant id as ssl_account_id (converge.md §1).
    const merchantId = fields.ssl_merchant_id ?? fields.ssl_account_id;
    if (merchantId === undefined) return SANDBOX_ERRORS.merchantIdMissing;
    if (fields.ssl_user_id === undefined) return SANDBOX_ERRORS.userIdMissing;
    if (fields.ssl_pin === undefined) return SANDBOX_ERRORS.pinMissing;
    // Each comparison runs, so the time taken does not tell which one failed.
    const matches = [
      sameSecret(merchantId, this.credentials.merchantId),
      sameSecret(fields.ssl_user_id, this.credentials.userId),
      sameSecret(fields.ssl_pin, this.credentials.pin),
    ];
    return matches.every(Boolean) ? undefined : SANDBOX_ERRORS.invalidCredentials;
  }

  /** POST hosted-payments/transaction_token: a fresh single-use token, or why not. */
  async issueToken(form: Record<string, unknown>): Promise<{ token: string } | TokenRefusalAnswer> {
    await this.settleDue();
    const fields = presentFields(form);
    const credentialError = this.checkCredentials(fields);
    if (credentialError) {
      const missing = credentialError !== SANDBOX_ERRORS.invalidCredentials;
      return { status: missing ? 400 : 403, error: credentialError };
    }
    const parsed = sessionRequest(fields);
    if ('error' in parsed) return { status: 400, error: parsed.error };

    const now = this.now();
    const token = newSessionToken();
    await this.repository.deleteTokensExpiredBefore(
      new Date(now.getTime() - EXPIRED_TOKEN_RETENTION_MS),
    );
    await this.repository.insertToken({
      tokenHash: hashToken(token),
      transactionType: parsed.transactionType,
      amountCents: parsed.amountCents,
      addToken: parsed.addToken,
      verify: parsed.verify,
      invoiceNumber: parsed.invoiceNumber ?? null,
      customer: parsed.customer,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    });
    return { token };
  }

  /** The payment a token opens, while the token is unused and unexpired. */
  async session(
    token: string,
  ): Promise<{ session: LightboxSession } | { error: ConvergeErrorFields }> {
    await this.settleDue();
    const row = await this.repository.findToken(hashToken(token));
    const refusal = usableTokenRefusal(row, this.now());
    if (refusal || !row) return { error: refusalError(refusal ?? 'unknown') };
    return {
      session: {
        transactionType: row.transactionType,
        amountCents: row.amountCents,
        verify: row.verify,
        invoiceNumber: row.invoiceNumber,
        firstName: row.customer.ssl_first_name,
        lastName: row.customer.ssl_last_name,
      },
    };
  }

  /**
   * The lightbox's Pay (or Save card) button. Field errors leave the token
   * usable; any other answer uses it up, and what it did is recorded: the
   * sale or verification, and the card when the session keeps it.
   */
  async sale(input: LightboxSaleInput): Promise<SaleOutcome> {
    await this.settleDue();
    const tokenHash = hashToken(input.token);
    const now = this.now();
    const refusal = usableTokenRefusal(await this.repository.findToken(tokenHash), now);
    if (refusal) return { type: 'error', error: refusalError(refusal) };

    const checked = checkCard(input, now);
    if (!checked.ok) return { type: 'invalid', fieldErrors: checked.fieldErrors };
    const { card } = checked;

    const claimed = await this.repository.consumeToken(tokenHash, now, (session) =>
      sessionRecords(session, card, now),
    );
    if ('refused' in claimed) return { type: 'error', error: refusalError(claimed.refused) };
    const { token: session, records } = claimed;
    if (!records.transaction && !records.cardToken) {
      return { type: 'error', error: SANDBOX_ERRORS.processorUnavailable };
    }
    return sessionResponse(session, card, records, now);
  }

  /** POST processxml.do: the XML answer to one `xmldata` request, errors included. */
  async processXml(xmldata: string | undefined): Promise<string> {
    await this.settleDue();
    if (xmldata === undefined || xmldata.trim() === '') {
      return xmlError(SANDBOX_ERRORS.malformedRequest('the xmldata field is missing'));
    }
    let fields: TxnFields;
    try {
      fields = presentFields(readTxn(xmldata));
    } catch (error) {
      if (!(error instanceof XmlSyntaxError)) throw error;
      return xmlError(SANDBOX_ERRORS.malformedRequest(error.message));
    }
    const credentialError = this.checkCredentials(fields);
    if (credentialError) return xmlError(credentialError);

    const transactionType = fields.ssl_transaction_type?.toLowerCase();
    switch (transactionType) {
      case undefined:
        return xmlError(SANDBOX_ERRORS.requiredField('ssl_transaction_type'));
      case 'txnquery':
        return this.txnQuery(fields);
      case 'ecspurchase':
        return this.ecsPurchase(fields);
      case 'ccvoid':
        return this.voidSale(fields, 'SALE');
      case 'ecsvoid':
        return this.voidSale(fields, 'ECSPURCHASE');
      case 'ccreturn':
        return this.returnSale(fields);
      case 'settle':
        return settleAnswer(await this.settleNow());
      case 'ccsale':
        return this.cardManager.tokenSale(fields);
      case 'ccquerytoken':
        return this.cardManager.queryToken(fields);
      case 'ccdeletetoken':
        return this.cardManager.deleteToken(fields);
      default:
        return xmlError(SANDBOX_ERRORS.notPermitted(transactionType));
    }
  }

  private async txnQuery(fields: TxnFields): Promise<string> {
    const parsed = parseFields(txnQuerySchema, fields);
    if (!parsed.ok) return xmlError(parsed.error);
    const { ssl_txn_id: txnId, ssl_invoice_number: invoiceNumber } = parsed.data;
    let found: SandboxTransactionRow[];
    if (txnId !== undefined) {
      const row = await this.repository.findTransaction(txnId);
      const matches = row && (invoiceNumber === undefined || row.invoiceNumber === invoiceNumber);
      found = matches ? [row] : [];
    } else if (invoiceNumber !== undefined) {
      found = await this.repository.findTransactionsByInvoice(invoiceNumber);
    } else {
      const period = searchPeriod(parsed.data);
      if ('error' in period) return xmlError(period.error);
      found = await this.repository.findTransactionsBetween(period.from, period.until);
    }
    return xmlAnswer(writeTxnList(found.map(queryFields)));
  }

  private async ecsPurchase(fields: TxnFields): Promise<string> {
    const parsed = parseFields(ecsPurchaseSchema, fields);
    if (!parsed.ok) return xmlError(parsed.error);
    const purchase = parsed.data;
    const outcome = bankAccountOutcome(purchase.ssl_bank_account_number);
    if (outcome === 'error') return xmlError(SANDBOX_ERRORS.processorUnavailable);
    const now = this.now();
    const transaction = {
      txnId: newTxnId(now),
      method: 'echeck',
      transactionType: 'ECSPURCHASE',
      approved: outcome === 'approval',
      resultMessage: outcome === 'approval' ? 'APPROVAL' : 'DECLINED',
      approvalCode: outcome === 'approval' ? newApprovalCode() : '',
      amountCents: parseConvergeAmount(purchase.ssl_amount) ?? 0,
      invoiceNumber: purchase.ssl_invoice_number ?? null,
      bankAccountLast4: purchase.ssl_bank_account_number.slice(-4),
      firstName: purchase.ssl_first_name,
      lastName: purchase.ssl_last_name,
      createdAt: now,
    } satisfies NewSandboxTransaction;
    await this.repository.insertTransaction(transaction);
    return xmlAnswer(writeTxn(resultFields(transaction)));
  }

  private async voidSale(fields: TxnFields, saleType: 'SALE' | 'ECSPURCHASE'): Promise<string> {
    const parsed = parseFields(voidSchema, fields);
    if (!parsed.ok) return xmlError(parsed.error);
    const now = this.now();
    const voided = await this.repository.voidSale(
      parsed.data.ssl_txn_id,
      saleType,
      now,
      (sale) => ({
        ...recordOf(sale),
        txnId: newTxnId(now),
        transactionType: saleType === 'SALE' ? 'VOID' : 'ECSVOID',
        approvalCode: '',
        amountCents: sale.amountCents,
        voidsTxnId: sale.txnId,
        createdAt: now,
      }),
    );
    if ('refused' in voided) {
      return xmlError(
        voided.refused === 'settled'
          ? SANDBOX_ERRORS.voidAfterSettlement
          : SANDBOX_ERRORS.invalidTxnId,
      );
    }
    return xmlAnswer(writeTxn(resultFields({ ...voided.voidRecord, createdAt: now })));
  }

  /** ccreturn: part or all of a settled card sale back to its card; returns add up to the sale at most. */
  private async returnSale(fields: TxnFields): Promise<string> {
    const parsed = parseFields(returnSchema, fields);
    if (!parsed.ok) return xmlError(parsed.error);
    const {
      ssl_txn_id: txnId,
      ssl_amount: amount,
      ssl_invoice_number: invoiceNumber,
    } = parsed.data;
    const now = this.now();
    const returned = await this.repository.returnSale(
      txnId,
      parseConvergeAmount(amount) ?? 0,
      (sale) => ({
        ...recordOf(sale),
        txnId: newTxnId(now),
        transactionType: 'RETURN',
        approvalCode: newApprovalCode(),
        amountCents: parseConvergeAmount(amount) ?? 0,
        // The sale's, so a lookup by invoice number lists the sale with its returns.
        invoiceNumber: sale.invoiceNumber ?? invoiceNumber ?? null,
        returnsTxnId: sale.txnId,
        createdAt: now,
      }),
    );
    if ('refused' in returned) return xmlError(returnRefusalError(returned.refused));
    return xmlAnswer(writeTxn(resultFields({ ...returned.returnRecord, createdAt: now })));
  }
}

/** What a void or return copies from its sale: how it was paid and by whom; approved as Converge answers. */
function recordOf(sale: SandboxTransactionRow) {
  return {
    method: sale.method,
    approved: true,
    resultMessage: 'APPROVAL',
    invoiceNumber: sale.invoiceNumber,
    cardNumberMasked: sale.cardNumberMasked,
    cardBrand: sale.cardBrand,
    cardExpiry: sale.cardExpiry,
    bankAccountLast4: sale.bankAccountLast4,
    firstName: sale.firstName,
    lastName: sale.lastName,
  } satisfies Partial<NewSandboxTransaction>;
}

function returnRefusalError(refusal: ReturnRefusal): ConvergeErrorFields {
  switch (refusal.reason) {
    case 'echeck':
      return SANDBOX_ERRORS.returnOfECheck;
    case 'unsettled':
      return SANDBOX_ERRORS.returnBeforeSettlement;
    case 'exceeds':
      return SANDBOX_ERRORS.returnAboveRemaining(refusal.remainingCents);
    case 'unknown':
      return SANDBOX_ERRORS.invalidTxnId;
  }
}

/** 32 URL-safe characters, like Converge's tokens; never one that integrators would read as an error. */
function newSessionToken(): string {
  for (;;) {
    const token = randomToken(24);
    if (!/error/i.test(token)) return token;
  }
}

function usableTokenRefusal(row: SandboxTokenRow | undefined, now: Date): TokenRefusal | undefined {
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  if (row.expiresAt <= now) return 'expired';
  return undefined;
}

function refusalError(refusal: TokenRefusal): ConvergeErrorFields {
  return refusal === 'expired' ? SANDBOX_ERRORS.sessionExpired : SANDBOX_ERRORS.sessionInvalid;
}

/**
 * A session token request's fields: a sale needs an amount; saving a card
 * (ccgettoken) needs none, and keeping it in Card Manager needs the names it
 * is filed under. A sale keeps its card with ssl_get_token or ssl_add_token.
 */
function sessionRequest(fields: TxnFields): SessionRequest | { error: ConvergeErrorFields } {
  const transactionType = fields.ssl_transaction_type?.toLowerCase();
  if (transactionType === undefined) {
    return { error: SANDBOX_ERRORS.requiredField('ssl_transaction_type') };
  }
  if (transactionType !== 'ccsale' && transactionType !== 'ccgettoken') {
    return { error: SANDBOX_ERRORS.notPermitted(transactionType) };
  }
  const parsed =
    transactionType === 'ccsale'
      ? parseFields(tokenRequestSchema, fields)
      : parseFields(getTokenRequestSchema, fields);
  if (!parsed.ok) return { error: parsed.error };
  const data = parsed.data;
  const customer: Record<string, string> = {};
  for (const name of CUSTOMER_FIELDS) {
    const value = data[name];
    if (value !== undefined) customer[name] = value;
  }
  const request: SessionRequest = {
    transactionType,
    amountCents:
      transactionType === 'ccsale' ? (parseConvergeAmount(data.ssl_amount ?? '') ?? 0) : 0,
    addToken:
      transactionType === 'ccgettoken' ||
      data.ssl_add_token === 'Y' ||
      ('ssl_get_token' in data && data.ssl_get_token === 'Y'),
    verify: 'ssl_verify' in data && data.ssl_verify === 'Y',
    invoiceNumber: data.ssl_invoice_number,
    customer,
  };
  if (transactionType === 'ccgettoken' && data.ssl_add_token === 'Y') {
    if (!customer.ssl_first_name) return { error: SANDBOX_ERRORS.requiredField('ssl_first_name') };
    if (!customer.ssl_last_name) return { error: SANDBOX_ERRORS.requiredField('ssl_last_name') };
  }
  return request;
}
