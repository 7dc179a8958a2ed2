import { z } from 'zod';
import type { Cents } from '@webpay/contracts/money';
import { CONVERGE_MAX_AMOUNT_CENTS } from './converge-amount.ts';
import { achNames, toConvergeText } from './converge-text.ts';

/**
 * One transaction as Converge describes it: `ssl_*` fields, every value a
 * string. The named fields are those WebPay reads; Converge may send more.
 */
export interface ConvergeTxn {
  readonly ssl_txn_id?: string;
  readonly ssl_result?: string;
  readonly ssl_result_message?: string;
  readonly ssl_trans_status?: string;
  readonly ssl_transaction_type?: string;
  readonly ssl_txn_time?: string;
  readonly ssl_approval_code?: string;
  readonly ssl_amount?: string;
  readonly ssl_invoice_number?: string;
  readonly ssl_card_number?: string;
  readonly ssl_card_short_description?: string;
  readonly ssl_card_type?: string;
  readonly ssl_exp_date?: string;
  /** The stored card's token, on a sale that tokenized the card or was made on a token. */
  readonly ssl_token?: string;
  readonly [field: string]: string | undefined;
}

/** Converge's own limits on the fields we send (longer values are refused with 5005). */
export const CONVERGE_FIELD_LIMITS = {
  invoiceNumber: 25,
  firstName: 20,
  lastName: 30,
  address: 30,
  city: 30,
  state: 30,
  zip: 9,
  email: 100,
} as const;

/** Our reference for a payment, sent as ssl_invoice_number: printable ASCII, no spaces. */
export const invoiceNumberSchema = z
  .string()
  .regex(/^[\x21-\x7E]+$/, 'must be printable ASCII without spaces')
  .max(CONVERGE_FIELD_LIMITS.invoiceNumber);

export const amountCentsSchema = z.number().int().positive().max(CONVERGE_MAX_AMOUNT_CENTS);

/**
 * Descriptive text (names, address) is spelt in ASCII and shortened to
 * Converge's limit rather than refused: it is informational, and a long
 * street name or a name in another script must not stop a payment. Nothing
 * left (a name in Chinese characters) is not sent.
 */
const descriptive = (limit: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? toConvergeText(value, limit) : '') || undefined);

/** Who pays and where they live: shown in the lightbox and kept with the transaction. */
const cardholderFields = {
  invoiceNumber: invoiceNumberSchema,
  firstName: descriptive(CONVERGE_FIELD_LIMITS.firstName),
  lastName: descriptive(CONVERGE_FIELD_LIMITS.lastName),
  address: descriptive(CONVERGE_FIELD_LIMITS.address),
  city: descriptive(CONVERGE_FIELD_LIMITS.city),
  state: descriptive(CONVERGE_FIELD_LIMITS.state),
  // ZIP+4 arrives as "84101-1234"; Converge takes the nine characters without the dash.
  zip: z
    .string()
    .optional()
    .transform(
      (value) =>
        value?.replace(/[^A-Za-z0-9]/g, '').slice(0, CONVERGE_FIELD_LIMITS.zip) || undefined,
    ),
  // A receipt address Converge cannot take (longer than its limit, or not a plain address,
  // which the request schema already refuses) is left out rather than failing the payment.
  email: z
    .string()
    .optional()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed &&
        trimmed.length <= CONVERGE_FIELD_LIMITS.email &&
        z.email().safeParse(trimmed).success
        ? trimmed
        : undefined;
    }),
};

/** A card sale of this amount; with `addToken` the card is also kept as a token. */
const saleSessionSchema = z.object({
  transactionType: z.literal('ccsale').default('ccsale'),
  amountCents: amountCentsSchema,
  addToken: z.boolean().default(false),
  ...cardholderFields,
});

/** A card kept as a token with nothing charged; with `verify` the issuer checks it first. */
const tokenSessionSchema = z.object({
  transactionType: z.literal('ccgettoken'),
  addToken: z.boolean().default(false),
  verify: z.boolean().default(false),
  ...cardholderFields,
});

export const transactionTokenRequestSchema = z.union([saleSessionSchema, tokenSessionSchema]);

/**
 * What a hosted-payments (lightbox) session is opened for: a card sale of
 * this amount (the default), or saving a card (`ccgettoken`), which carries
 * no amount.
 */
export type TransactionTokenRequest = z.input<typeof transactionTokenRequestSchema>;

/** A stored card's token, as Converge's Card Manager issued it. */
export const cardTokenSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7E]+$/, 'must be printable ASCII without spaces');

/**
 * Which stored-credential charge a token sale is: an instalment of a plan
 * the cardholder agreed to (payment N of M), or an unscheduled charge the
 * merchant starts under a standing authorization (statement autopay).
 */
const recurringSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('instalment'),
      paymentNumber: z.number().int().positive().max(999),
      paymentCount: z.number().int().positive().max(999),
    })
    .refine(
      ({ paymentNumber, paymentCount }) => paymentNumber <= paymentCount,
      'the payment number cannot be above the number of payments',
    ),
  z.object({ kind: z.literal('unscheduled') }),
]);

export const tokenSaleRequestSchema = z.object({
  token: cardTokenSchema,
  amountCents: amountCentsSchema,
  invoiceNumber: invoiceNumberSchema,
  firstName: descriptive(CONVERGE_FIELD_LIMITS.firstName),
  lastName: descriptive(CONVERGE_FIELD_LIMITS.lastName),
  recurring: recurringSchema,
});

/** ccsale on a stored card's token: no card number, flagged as the stored-credential charge it is. */
export type TokenSaleRequest = z.input<typeof tokenSaleRequestSchema>;

/** A card in Converge's Card Manager, as ccquerytoken describes it. */
export interface StoredCardToken {
  token: string;
  /** e.g. 41**********9990 */
  cardNumberMasked: string;
  /** Converge's short brand name: VISA, MC, DISC, AMEX. */
  cardBrand: string;
  /** MMYY */
  expiry: string;
  firstName?: string;
  lastName?: string;
}

export const ecsPurchaseRequestSchema = z
  .object({
    amountCents: amountCentsSchema,
    invoiceNumber: invoiceNumberSchema,
    routingNumber: z.string().regex(/^\d{9}$/, 'must be 9 digits'),
    accountNumber: z.string().regex(/^\d{4,20}$/, 'must be 4 to 20 digits'),
    accountType: z.enum(['CHECKING', 'SAVINGS']),
    holder: z.enum(['personal', 'business']).default('personal'),
    /** The payer accepted the debit's authorization: only then is `ssl_agree` sent. */
    authorized: z.boolean(),
    firstName: z.string().trim().min(1),
    lastName: z.string().trim().min(1),
  })
  .transform((purchase) => ({
    ...purchase,
    ...achNames(purchase.firstName, purchase.lastName, CONVERGE_FIELD_LIMITS),
  }));

/** An ACH debit (eCheck) through the XML API. */
export type EcsPurchaseRequest = z.input<typeof ecsPurchaseRequestSchema>;

export const txnIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7E]+$/, 'must be printable ASCII without spaces');

/** Converge answers a date search of at most 31 days. */
export const TXN_SEARCH_MAX_DAYS = 31;

export const txnQuerySchema = z.union([
  z.object({ txnId: txnIdSchema }),
  z.object({ invoiceNumber: invoiceNumberSchema }),
  z
    .object({ from: z.date(), to: z.date() })
    .refine(
      ({ from, to }) =>
        from <= to && to.getTime() - from.getTime() <= TXN_SEARCH_MAX_DAYS * 86_400_000,
      `the search must run forward and span at most ${TXN_SEARCH_MAX_DAYS} days`,
    ),
]);

/**
 * A txnquery looks transactions up by Converge's id, by our invoice number
 * (a sale and every void or return of it), or by when they happened.
 */
export type TxnQuery = { txnId: string } | { invoiceNumber: string } | { from: Date; to: Date };

/** ccreturn: gives back part or all of a settled card sale, always to the card it charged. */
export const returnRequestSchema = z.object({
  txnId: txnIdSchema,
  amountCents: amountCentsSchema,
  /** The payment's own reference, so the return is found by it as its sale is. */
  invoiceNumber: invoiceNumberSchema,
});
export type ReturnRequest = z.input<typeof returnRequestSchema>;

/** What WebPay started and expects the processor to have approved. */
export interface ExpectedApproval {
  amountCents: Cents;
  invoiceNumber: string;
  /** The id the browser reported, when checking that particular transaction. */
  txnId?: string;
}
