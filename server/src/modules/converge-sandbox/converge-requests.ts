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

export const tokenRequestSchema = z.object({
  ssl_amount: amountField,
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
});

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
