import { z } from 'zod';
import { parseConvergeAmount, type TxnFields } from '../payments/index.ts';
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
