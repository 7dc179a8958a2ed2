import { z } from 'zod';
import type { Env } from '../../../env.ts';
import { formatConvergeAmount } from './converge-amount.ts';
import { formatConvergeTime } from './converge-time.ts';
import {
  ConvergeError,
  ConvergeProcessorError,
  ConvergeTimeoutError,
  ConvergeTransportError,
  type ConvergeOperation,
} from './converge.errors.ts';
import {
  cardTokenSchema,
  ecsPurchaseRequestSchema,
  returnRequestSchema,
  tokenSaleRequestSchema,
  transactionTokenRequestSchema,
  txnIdSchema,
  txnQuerySchema,
  type ConvergeTxn,
  type EcsPurchaseRequest,
  type ReturnRequest,
  type StoredCardToken,
  type TokenSaleRequest,
  type TransactionTokenRequest,
  type TxnQuery,
} from './converge.types.ts';
import {
  XmlSyntaxError,
  fieldsOf,
  readXml,
  writeTxn,
  type TxnFields,
  type XmlElement,
} from './converge-xml.ts';

export type ConvergeEnv = Pick<
  Env,
  | 'CONVERGE_HOSTED_URL'
  | 'CONVERGE_XML_URL'
  | 'CONVERGE_MERCHANT_ID'
  | 'CONVERGE_USER_ID'
  | 'CONVERGE_PIN'
>;

export interface ConvergeClientOptions {
  /** How long one call may take, answer included (default 20 s, inside the portal's 30 s). */
  timeoutMs?: number;
  /** Told how long each call took and how it ended (the metrics' processor histogram). */
  observe?: (operation: ConvergeOperation, outcome: ProcessorOutcome, seconds: number) => void;
}

/** How a call to Converge ended: an answer, or the kind of ConvergeError it threw. */
export type ProcessorOutcome = 'success' | ConvergeError['kind'];

export const DEFAULT_CONVERGE_TIMEOUT_MS = 20_000;

const ACCOUNT_TYPES = { CHECKING: '0', SAVINGS: '1' } as const;
const HOLDER_TYPES = { personal: '0', business: '1' } as const;

/** An XML answer's error fields, which replace everything else when Converge refuses. */
const xmlErrorSchema = z.object({
  errorCode: z.string(),
  errorName: z.string().default(''),
  errorMessage: z.string().default(''),
});

/**
 * The refusal Converge answers for a token it does not hold (never issued,
 * or deleted). Not confirmed in Elavon's documents; the sandbox answers it
 * (docs/sandbox-processor.md).
 */
export const UNKNOWN_TOKEN_ERROR_CODES: ReadonlySet<string> = new Set(['5087']);

/** Converge's ssl_card_type says credit or debit; the brand is in ssl_card_short_description. */
const CARD_KINDS = new Set(['CREDITCARD', 'DEBITCARD']);

/** A sale or void answer must at least say how it ended. */
const resultFieldsSchema = z.looseObject({
  ssl_result: z.string(),
  ssl_result_message: z.string(),
});

/**
 * Talks to Elavon Converge (or the built-in emulator, which speaks the same
 * protocol) over HTTP: the hosted-payments token endpoint and the XML API.
 * Amounts are integer cents here and "12.34" on the wire. Nothing is logged;
 * errors carry the operation and Converge's codes, never what was sent.
 */
export class ConvergeClient {
  // Private fields stay out of util.inspect and JSON, so a logged client shows no PIN.
  readonly #hostedUrl: string;
  readonly #xmlUrl: string;
  readonly #credentials: TxnFields;
  readonly #timeoutMs: number;
  readonly #observe: ConvergeClientOptions['observe'];

  constructor(env: ConvergeEnv, options: ConvergeClientOptions = {}) {
    this.#hostedUrl = env.CONVERGE_HOSTED_URL.replace(/\/+$/, '');
    this.#xmlUrl = env.CONVERGE_XML_URL;
    this.#credentials = {
      ssl_merchant_id: env.CONVERGE_MERCHANT_ID,
      ssl_user_id: env.CONVERGE_USER_ID,
      ssl_pin: env.CONVERGE_PIN,
    };
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_CONVERGE_TIMEOUT_MS;
    this.#observe = options.observe;
  }

  /**
   * Opens a hosted-payments (lightbox) session and returns its single-use
   * token, which the browser hands to PayWithConverge.open: a card sale
   * (ccsale, the default), or saving a card with nothing charged
   * (ccgettoken). `addToken` keeps the card in Converge's Card Manager, the
   * lightbox's approval then carrying its `ssl_token`; `verify` (ccgettoken
   * only) has the issuer check the card first.
   */
  async createTransactionToken(request: TransactionTokenRequest): Promise<string> {
    const session = transactionTokenRequestSchema.parse(request);
    const form: TxnFields = {
      ...this.#credentials,
      ssl_transaction_type: session.transactionType,
      ...(session.transactionType === 'ccsale'
        ? { ssl_amount: formatConvergeAmount(session.amountCents) }
        : {}),
      ssl_invoice_number: session.invoiceNumber,
      ...optionalFields({
        ssl_first_name: session.firstName,
        ssl_last_name: session.lastName,
        ssl_avs_address: session.address,
        ssl_city: session.city,
        ssl_state: session.state,
        ssl_avs_zip: session.zip,
        ssl_email: session.email,
      }),
      ...tokenFlags(session),
    };
    const operation = 'transaction_token';
    return this.#timed(operation, async () => {
      const { status, body } = await this.#post(
        operation,
        `${this.#hostedUrl}/transaction_token`,
        form,
      );
      return tokenFrom(operation, status, body);
    });
  }

  /**
   * ccsale on a stored card's token, flagged as the stored-credential charge
   * it is: an instalment (`ssl_recurring_flag=2`, payment N of M) or an
   * unscheduled merchant-initiated charge. A decline is an answer, not an
   * error: check `isApproved`. Converge keeps no idempotency key: after a
   * timeout, look the sale up by invoice number before charging again.
   */
  async tokenSale(request: TokenSaleRequest): Promise<ConvergeTxn> {
    const sale = tokenSaleRequestSchema.parse(request);
    const recurring: TxnFields =
      sale.recurring.kind === 'instalment'
        ? {
            ssl_recurring_flag: '2',
            ssl_payment_number: String(sale.recurring.paymentNumber),
            ssl_payment_count: String(sale.recurring.paymentCount),
          }
        : { ssl_merchant_initiated_unscheduled: 'Y', ssl_entry_mode: '12' };
    return this.#result('ccsale', {
      ssl_transaction_type: 'ccsale',
      ssl_token: sale.token,
      ssl_amount: formatConvergeAmount(sale.amountCents),
      ssl_invoice_number: sale.invoiceNumber,
      ...optionalFields({ ssl_first_name: sale.firstName, ssl_last_name: sale.lastName }),
      ...recurring,
    });
  }

  /** ccquerytoken: the card Card Manager keeps under this token; null when it holds none (or deleted it). */
  async queryToken(token: string): Promise<StoredCardToken | null> {
    const operation = 'ccquerytoken';
    let root: XmlElement;
    try {
      root = await this.#xml(operation, {
        ssl_transaction_type: operation,
        ssl_token: cardTokenSchema.parse(token),
      });
    } catch (error) {
      if (isUnknownToken(error)) return null;
      throw error;
    }
    if (root.name !== 'txn') {
      throw new ConvergeTransportError(operation, `unexpected <${root.name}> answer`);
    }
    return storedCardFrom(operation, fieldsOf(root));
  }

  /**
   * ccdeletetoken: removes the card from Card Manager, after which the token
   * can be neither charged nor queried. A token Converge no longer holds is
   * already what was asked for.
   */
  async deleteToken(token: string): Promise<void> {
    const operation = 'ccdeletetoken';
    let answer: ConvergeTxn;
    try {
      answer = await this.#result(operation, {
        ssl_transaction_type: operation,
        ssl_token: cardTokenSchema.parse(token),
      });
    } catch (error) {
      if (isUnknownToken(error)) return;
      throw error;
    }
    if (answer.ssl_result !== '0') {
      throw new ConvergeProcessorError(
        operation,
        'TOKEN_NOT_DELETED',
        'Token not deleted',
        'Converge answered the token deletion without success.',
      );
    }
  }

  /**
   * txnquery: the transaction with this id, every one carrying this invoice
   * number, or every one made between two moments (at most 31 days apart).
   */
  async queryTransaction(query: TxnQuery): Promise<ConvergeTxn[]> {
    const parsed = txnQuerySchema.parse(query);
    const lookup: TxnFields =
      'txnId' in parsed
        ? { ssl_txn_id: parsed.txnId }
        : 'invoiceNumber' in parsed
          ? { ssl_invoice_number: parsed.invoiceNumber }
          : {
              ssl_search_start_date: formatConvergeTime(parsed.from),
              ssl_search_end_date: formatConvergeTime(parsed.to),
            };
    const operation = 'txnquery';
    const root = await this.#xml(operation, { ssl_transaction_type: 'txnquery', ...lookup });
    if (root.name !== 'txnlist') {
      throw new ConvergeTransportError(operation, `unexpected <${root.name}> answer`);
    }
    return root.children.filter((child) => child.name === 'txn').map((txn) => fieldsOf(txn));
  }

  /**
   * ecspurchase: debits a bank account (ACH). A decline is an answer, not an
   * error: check `isApproved` on the result. `ssl_agree` says the payer
   * accepted the authorization, so it goes only with `authorized: true`.
   */
  async ecsPurchase(request: EcsPurchaseRequest): Promise<ConvergeTxn> {
    const purchase = ecsPurchaseRequestSchema.parse(request);
    return this.#result('ecspurchase', {
      ssl_transaction_type: 'ecspurchase',
      ssl_amount: formatConvergeAmount(purchase.amountCents),
      ssl_invoice_number: purchase.invoiceNumber,
      ssl_aba_number: purchase.routingNumber,
      ssl_bank_account_number: purchase.accountNumber,
      ssl_bank_account_type: HOLDER_TYPES[purchase.holder],
      ssl_account_type: ACCOUNT_TYPES[purchase.accountType],
      // Converge refuses a debit without it, as it should one nobody authorized.
      ...(purchase.authorized ? { ssl_agree: '1' } : {}),
      ssl_first_name: purchase.firstName,
      ssl_last_name: purchase.lastName,
    });
  }

  /** ccvoid or ecsvoid: cancels an unsettled sale; the answer carries the void's own txn id. */
  async voidTransaction(txnId: string, method: 'card' | 'echeck'): Promise<ConvergeTxn> {
    const operation = method === 'card' ? 'ccvoid' : 'ecsvoid';
    return this.#result(operation, {
      ssl_transaction_type: operation,
      ssl_txn_id: txnIdSchema.parse(txnId),
    });
  }

  /**
   * ccreturn: refunds part or all of a settled card sale to the card it
   * charged. Converge keeps no idempotency key: after a timeout, look the
   * return up by invoice number before sending another.
   */
  async returnTransaction(request: ReturnRequest): Promise<ConvergeTxn> {
    const refund = returnRequestSchema.parse(request);
    return this.#result('ccreturn', {
      ssl_transaction_type: 'ccreturn',
      ssl_txn_id: refund.txnId,
      ssl_amount: formatConvergeAmount(refund.amountCents),
      ssl_invoice_number: refund.invoiceNumber,
    });
  }

  /** settle: closes the open batch now rather than at the processor's daily time. */
  async settle(): Promise<ConvergeTxn> {
    return this.#result('settle', { ssl_transaction_type: 'settle' });
  }

  async #result(operation: ConvergeOperation, fields: TxnFields): Promise<ConvergeTxn> {
    const root = await this.#xml(operation, fields);
    const txn = root.name === 'txn' ? resultFieldsSchema.safeParse(fieldsOf(root)) : undefined;
    if (!txn?.success) {
      throw new ConvergeTransportError(operation, 'the answer has no ssl_result');
    }
    return txn.data as ConvergeTxn;
  }

  /** Sends one XML API request and reads the answer, turning Converge's error documents into errors. */
  #xml(operation: ConvergeOperation, fields: TxnFields): Promise<XmlElement> {
    return this.#timed(operation, () => this.#xmlCall(operation, fields));
  }

  async #xmlCall(operation: ConvergeOperation, fields: TxnFields): Promise<XmlElement> {
    const xmldata = writeTxn({ ...this.#credentials, ...fields });
    const { status, body } = await this.#post(operation, this.#xmlUrl, { xmldata });
    if (status !== 200) {
      throw new ConvergeTransportError(operation, `HTTP ${status}`, { status });
    }
    let root: XmlElement;
    try {
      root = readXml(body);
    } catch (error) {
      if (!(error instanceof XmlSyntaxError)) throw error;
      throw new ConvergeTransportError(operation, 'the answer is not well-formed XML', {
        status,
        cause: error,
      });
    }
    if (root.name === 'txn') {
      const refusal = xmlErrorSchema.safeParse(fieldsOf(root));
      if (refusal.success) {
        const { errorCode, errorName, errorMessage } = refusal.data;
        throw new ConvergeProcessorError(operation, errorCode, errorName, errorMessage);
      }
    }
    return root;
  }

  async #timed<T>(operation: ConvergeOperation, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let outcome: ProcessorOutcome = 'success';
    try {
      return await call();
    } catch (error) {
      outcome = error instanceof ConvergeError ? error.kind : 'transport';
      throw error;
    } finally {
      this.#observe?.(operation, outcome, (performance.now() - started) / 1000);
    }
  }

  async #post(
    operation: ConvergeOperation,
    url: string,
    form: TxnFields,
  ): Promise<{ status: number; body: string }> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Accept: 'text/plain, application/xml, text/xml' },
        body: new URLSearchParams(form),
        // A redirect would resend the credentials somewhere else; Converge never redirects.
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new ConvergeTimeoutError(operation, this.#timeoutMs);
      }
      throw new ConvergeTransportError(operation, 'the request could not be completed', {
        cause: error,
      });
    }
  }
}

/** The session token in a transaction_token answer; Converge's ways of refusing become errors. */
function tokenFrom(operation: ConvergeOperation, status: number, body: string): string {
  if (status >= 500) {
    throw new ConvergeTransportError(operation, `HTTP ${status}`, { status });
  }
  if (status !== 200) {
    throw new ConvergeProcessorError(
      operation,
      `HTTP_${status}`,
      'Token request refused',
      `Converge refused the session token request (HTTP ${status}).`,
    );
  }
  const token = body.trim();
  // Converge answers some refusals with 200 and an error page or message instead of a token.
  if (token === '' || /\s|</.test(token) || /error/i.test(token)) {
    throw new ConvergeProcessorError(
      operation,
      'INVALID_TOKEN_RESPONSE',
      'Token request refused',
      'Converge answered the session token request without a token.',
    );
  }
  return token;
}

/**
 * What keeps the card as a token: on a sale `ssl_get_token` and
 * `ssl_add_token`, on ccgettoken `ssl_add_token`, and `ssl_verify` for a
 * verification first.
 */
function tokenFlags(session: ReturnType<typeof transactionTokenRequestSchema.parse>): TxnFields {
  const flags: TxnFields = {};
  if (session.addToken) {
    if (session.transactionType === 'ccsale') flags.ssl_get_token = 'Y';
    flags.ssl_add_token = 'Y';
  }
  if (session.transactionType === 'ccgettoken' && session.verify) flags.ssl_verify = 'Y';
  return flags;
}

function isUnknownToken(error: unknown): boolean {
  return error instanceof ConvergeProcessorError && UNKNOWN_TOKEN_ERROR_CODES.has(error.errorCode);
}

/**
 * A ccquerytoken answer as a stored card; null when it says the token is not
 * held. Card Manager names the masked number ssl_account_number; some answers
 * carry ssl_card_number instead. An answer that says neither, or describes no
 * card, is not Converge's protocol: null would read as "deleted".
 */
function storedCardFrom(operation: ConvergeOperation, fields: TxnFields): StoredCardToken | null {
  const { ssl_result: result, ssl_token_response: tokenResponse } = fields;
  if (result === undefined && tokenResponse === undefined) {
    throw new ConvergeTransportError(operation, 'the answer has no ssl_result');
  }
  const held = (result ?? '0') === '0' && (tokenResponse ?? 'SUCCESS') === 'SUCCESS';
  if (!held) return null;
  const token = fields.ssl_token;
  const cardNumberMasked = fields.ssl_account_number || fields.ssl_card_number;
  const expiry = fields.ssl_exp_date;
  if (!token || !cardNumberMasked || !expiry) {
    throw new ConvergeTransportError(operation, 'the answer does not describe the card');
  }
  const cardType = fields.ssl_card_type ?? '';
  const stored: StoredCardToken = {
    token,
    cardNumberMasked,
    cardBrand: fields.ssl_card_short_description || (CARD_KINDS.has(cardType) ? '' : cardType),
    expiry,
  };
  if (fields.ssl_first_name) stored.firstName = fields.ssl_first_name;
  if (fields.ssl_last_name) stored.lastName = fields.ssl_last_name;
  return stored;
}

/** Only the fields that have a value: Converge treats an empty field as sent. */
function optionalFields(fields: Record<string, string | undefined>): TxnFields {
  const present: TxnFields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') present[name] = value;
  }
  return present;
}
