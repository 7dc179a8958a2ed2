import { z } from 'zod';
import { parseConvergeAmount, parseConvergeTime, type TxnFields } from '../payments/index.ts';
import { SANDBOX_ERRORS, type ConvergeErrorFields } from './converge-answers.ts';
import { passesRoutingChecksum } from './instrument-rules.ts';

/*
 * The fields each Converge request must carry, as zod schemas, and how a
 * failed parse is worded as Converge's own error.
 */

const TWO_DECIMALS_MESSAGE = 'must be dollars with two decimals, e.g. 12.34';

const amountField = z
  .string()
  .max(11)
  .refine((value) => (parseConvergeAmount(value) ?? 0) > 0, TWO_DECIMALS_MESSAGE);

const optionalText = (limit: number) => z.string().max(limit).optional();

const yesNo = z.enum(['Y', 'N'], 'must be Y or N').optional();

/** The customer fields a session token may carry, for a sale or for saving a card. */
const sessionFields = {
  ssl_invoice_number: optionalText(25),
  ssl_first_name: optionalText(20),
  ssl_last_name: optionalText(30),
  ssl_avs_address: optionalText(30),
  ssl_city: optionalText(30),
  ssl_state: optionalText(30),
  ssl_avs_zip: z
    .string()
    .max(9)
    .regex(/^[A-Za-z0-9]*$/, 'must be letters and digits only')
    .optional(),
  ssl_email: z.email('must be an e-mail address').max(100).optional(),
};

/** A session for a card sale; ssl_get_token / ssl_add_token keep the card as a token too. */
export const tokenRequestSchema = z.object({
  ssl_amount: amountField,
  ssl_get_token: yesNo,
  ssl_add_token: yesNo,
  ...sessionFields,
});

/** A session for saving a card (ccgettoken): no amount is charged, so none is needed. */
export const getTokenRequestSchema = z.object({
  ssl_amount: z
    .string()
    .max(11)
    .refine((value) => parseConvergeAmount(value) !== undefined, TWO_DECIMALS_MESSAGE)
    .optional(),
  ssl_verify: yesNo,
  ssl_add_token: yesNo,
  ...sessionFields,
});

/** A whole number as text, as Converge carries ssl_payment_number and ssl_payment_count. */
const countField = z.string().regex(/^[1-9]\d{0,2}$/, 'must be a whole number from 1 to 999');

/** ccsale through the XML API: only on a stored card's token, with its stored-credential flags. */
export const tokenSaleSchema = z.object({
  ssl_token: z.string().max(100),
  ssl_amount: amountField,
  ssl_invoice_number: optionalText(25),
  ssl_first_name: optionalText(20),
  ssl_last_name: optionalText(30),
  ssl_recurring_flag: z.enum(['1', '2'], 'must be 1 (recurring) or 2 (instalment)').optional(),
  ssl_payment_number: countField.optional(),
  ssl_payment_count: countField.optional(),
  ssl_merchant_initiated_unscheduled: yesNo,
  ssl_entry_mode: z.string().max(2).optional(),
});

export type TokenSaleFields = z.infer<typeof tokenSaleSchema>;

/** ccquerytoken and ccdeletetoken name the token only. */
export const cardTokenSchema = z.object({ ssl_token: z.string().max(100) });

export const CUSTOMER_FIELDS = [
  'ssl_first_name',
  'ssl_last_name',
  'ssl_avs_address',
  'ssl_city',
  'ssl_state',
  'ssl_avs_zip',
  'ssl_email',
] as const;

export const txnQuerySchema = z.object({
  ssl_txn_id: z.string().max(100).optional(),
  ssl_invoice_number: z.string().max(25).optional(),
  ssl_search_start_date: z.string().max(22).optional(),
  ssl_search_end_date: z.string().max(22).optional(),
});

export const ecsPurchaseSchema = z.object({
  ssl_amount: amountField,
  ssl_aba_number: z
    .string()
    .refine(passesRoutingChecksum, 'must be a 9-digit routing number with a valid checksum'),
  ssl_bank_account_number: z.string().regex(/^\d{4,20}$/, 'must be 4 to 20 digits'),
  ssl_bank_account_type: z.enum(['0', '1'], 'must be 0 (personal) or 1 (business)'),
  ssl_account_type: z.enum(['0', '1'], 'must be 0 (checking) or 1 (savings)'),
  ssl_agree: z.literal('1', 'must be 1: the customer agreed to the debit'),
  ssl_first_name: z.string().max(20),
  ssl_last_name: z.string().max(30),
  ssl_invoice_number: optionalText(25),
  ssl_check_number: optionalText(10),
});

export const voidSchema = z.object({ ssl_txn_id: z.string().max(100) });

export const returnSchema = z.object({
  ssl_txn_id: z.string().max(100),
  ssl_amount: amountField,
  ssl_invoice_number: optionalText(25),
});

/** Converge treats an empty field as not sent; so does the emulator. */
export function presentFields(fields: Record<string, unknown>): TxnFields {
  const present: TxnFields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() !== '') present[name] = value.trim();
  }
  return present;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; error: ConvergeErrorFields };

/** Parses Converge fields with a zod schema, answering the first problem as Converge's error. */
export function parseFields<T>(schema: z.ZodType<T>, fields: TxnFields): ParseResult<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? 'request');
  if (!(field in fields)) return { ok: false, error: SANDBOX_ERRORS.requiredField(field) };
  if (issue?.code === 'too_big') {
    return { ok: false, error: SANDBOX_ERRORS.tooLong(field, Number(issue.maximum)) };
  }
  return { ok: false, error: SANDBOX_ERRORS.invalidField(field, issue?.message ?? 'is invalid') };
}

const DAY_MS = 86_400_000;
/** Converge answers a period of at most 31 days. */
const TXN_SEARCH_MAX_DAYS = 31;

/**
 * A txnquery's period: both ends as Converge times (UTC), each inclusive to
 * the second, the end at most 31 days after the start.
 */
export function searchPeriod(fields: {
  ssl_search_start_date?: string | undefined;
  ssl_search_end_date?: string | undefined;
}): { from: Date; until: Date } | { error: ConvergeErrorFields } {
  const { ssl_search_start_date: start, ssl_search_end_date: end } = fields;
  if (start === undefined) {
    // Neither an id, an invoice number nor a period: the id is what is missing.
    const missing = end === undefined ? 'ssl_txn_id' : 'ssl_search_start_date';
    return { error: SANDBOX_ERRORS.requiredField(missing) };
  }
  if (end === undefined) return { error: SANDBOX_ERRORS.requiredField('ssl_search_end_date') };
  const from = parseConvergeTime(start);
  const to = parseConvergeTime(end);
  const shape = 'must be a time such as 10/14/2020 12:10:33 PM';
  if (!from) return { error: SANDBOX_ERRORS.invalidField('ssl_search_start_date', shape) };
  if (!to) return { error: SANDBOX_ERRORS.invalidField('ssl_search_end_date', shape) };
  if (to < from) {
    return {
      error: SANDBOX_ERRORS.invalidField(
        'ssl_search_end_date',
        'must not be before ssl_search_start_date',
      ),
    };
  }
  if (to.getTime() - from.getTime() > TXN_SEARCH_MAX_DAYS * DAY_MS) {
    return {
      error: SANDBOX_ERRORS.invalidField(
        'ssl_search_end_date',
        `must be at most ${TXN_SEARCH_MAX_DAYS} days after ssl_search_start_date`,
      ),
    };
  }
  return { from, until: new Date(to.getTime() + 1000) };
}

/**
 * The stored-credential flags' own rules: an instalment says which payment
 * of how many; a merchant-initiated unscheduled charge is keyed by the
 * merchant (entry mode 12) and is not also a recurring one.
 */
export function storedCredentialProblem(sale: TokenSaleFields): ConvergeErrorFields | undefined {
  if (sale.ssl_recurring_flag === '2') {
    if (sale.ssl_payment_number === undefined) {
      return SANDBOX_ERRORS.requiredField('ssl_payment_number');
    }
    if (sale.ssl_payment_count === undefined) {
      return SANDBOX_ERRORS.requiredField('ssl_payment_count');
    }
    if (Number(sale.ssl_payment_number) > Number(sale.ssl_payment_count)) {
      return SANDBOX_ERRORS.invalidField(
        'ssl_payment_number',
        'must not be above ssl_payment_count',
      );
    }
  }
  if (sale.ssl_merchant_initiated_unscheduled === 'Y') {
    if (sale.ssl_recurring_flag !== undefined) {
      return SANDBOX_ERRORS.invalidField(
        'ssl_merchant_initiated_unscheduled',
        'cannot be Y on a recurring or instalment payment',
      );
    }
    if (sale.ssl_entry_mode === undefined) return SANDBOX_ERRORS.requiredField('ssl_entry_mode');
    if (sale.ssl_entry_mode !== '12') {
      return SANDBOX_ERRORS.invalidField(
        'ssl_entry_mode',
        'must be 12 on a merchant-initiated unscheduled payment',
      );
    }
  }
  return undefined;
}
