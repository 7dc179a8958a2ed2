import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  formatConvergeAmount,
  formatConvergeTime,
  XML_DECLARATION,
  writeTxn,
  type TxnFields,
} from '../payments/index.ts';
import type { NewSandboxTransaction, SettledBatch } from './converge-sandbox.repository.ts';

/*
 * How the emulator words its answers: Converge's field names and value
 * formats (converge.md), every value a string.
 */

export interface ConvergeErrorFields {
  errorCode: string;
  errorName: string;
  errorMessage: string;
}

const refusal = (errorCode: string, errorName: string, errorMessage: string) => ({
  errorCode,
  errorName,
  errorMessage,
});

/**
 * The errors the emulator answers with. 4000, 4009, 4013, 4014 and 4019 are
 * Converge's (converge.md §3); the others are Converge-styled choices of the
 * sandbox, listed in docs/sandbox-processor.md.
 */
export const SANDBOX_ERRORS = {
  merchantIdMissing: refusal('4000', 'VID Not Supplied', 'The merchant ID was not supplied.'),
  pinMissing: refusal('4013', 'PIN Not Supplied', 'The PIN was not supplied.'),
  userIdMissing: refusal('4019', 'User ID Not Supplied', 'The user ID was not supplied.'),
  invalidCredentials: refusal(
    '4025',
    'Invalid Credentials',
    'The credentials supplied in the request are invalid.',
  ),
  requiredField: (field: string) =>
    refusal('4009', 'Required Field Not Supplied', `${field} is required.`),
  invalidField: (field: string, reason: string) =>
    refusal('5000', 'Invalid Field Value', `${field} ${reason}.`),
  tooLong: (field: string, limit: number) =>
    refusal(
      '5005',
      'Field Character Limit Exceeded',
      `${field} must be at most ${limit} characters.`,
    ),
  notPermitted: (transactionType: string) =>
    refusal(
      '4014',
      'Not Permitted',
      `This user is not permitted to process ${transactionType || 'this transaction type'}.`,
    ),
  invalidTxnId: refusal(
    '5040',
    'Invalid Transaction ID',
    'No transaction with this ID can take this transaction type (unknown, declined or already voided).',
  ),
  voidAfterSettlement: refusal(
    '5040',
    'Invalid Transaction ID',
    'This transaction has settled and can no longer be voided; return it (ccreturn) instead.',
  ),
  returnBeforeSettlement: refusal(
    '5040',
    'Invalid Transaction ID',
    'This transaction has not settled yet and cannot be returned; void it (ccvoid) instead.',
  ),
  returnOfECheck: refusal(
    '5040',
    'Invalid Transaction ID',
    'This transaction is an eCheck; only card sales can be returned (ccreturn).',
  ),
  returnAboveRemaining: (remainingCents: number) =>
    refusal(
      '5000',
      'Invalid Field Value',
      `ssl_amount is more than remains to be returned on this sale (${formatSignedAmount(remainingCents)}).`,
    ),
  malformedRequest: (reason: string) =>
    refusal('6042', 'Invalid Request Format', `The request is not well-formed: ${reason}.`),
  foreignOpener: refusal(
    '4014',
    'Not Permitted',
    "This payment form can only be opened from the merchant's own site.",
  ),
  sessionExpired: refusal(
    '4017',
    'Request Timed Out',
    'The payment session has expired. Start the payment again.',
  ),
  sessionInvalid: refusal(
    '6051',
    'Invalid Session Token',
    'The payment session is unknown or has already been used.',
  ),
  unknownCardToken: refusal(
    '5087',
    'Invalid Token',
    'The token is unknown or has been deleted from Card Manager.',
  ),
  processorUnavailable: refusal(
    '3000',
    'Gateway Not Responding',
    'The processor did not respond. No money was taken.',
  ),
} as const;

/** Like an amount, but also zero and negative: a batch's net after returns, what remains of a sale. */
export function formatSignedAmount(cents: number): string {
  if (cents === 0) return '0.00';
  return `${cents < 0 ? '-' : ''}${formatConvergeAmount(Math.abs(cents))}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Day, month and year in UTC, two digits each, as Converge's ids begin. */
const ddmmyy = (date: Date) =>
  `${pad(date.getUTCDate())}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCFullYear() % 100)}`;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomAlphanumeric(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % 36]).join('');
}

/** Shaped like Converge's: day, month and year, three characters, then a UUID ("141020AD4-A6189F20-…"). */
export function newTxnId(now: Date): string {
  return `${ddmmyy(now)}${randomAlphanumeric(3)}-${randomUUID().toUpperCase()}`;
}

/** A settled batch's number: the day it settled and six characters ("271126-4KQ9ZD"). */
export function newBatchId(settledAt: Date): string {
  return `${ddmmyy(settledAt)}-${randomAlphanumeric(6)}`;
}

/** Six digits, as issuers' approval codes usually are. */
export function newApprovalCode(): string {
  return String(randomInt(100_000, 1_000_000));
}

type StoredTransaction = Pick<
  NewSandboxTransaction,
  | 'txnId'
  | 'method'
  | 'transactionType'
  | 'approved'
  | 'resultMessage'
  | 'approvalCode'
  | 'amountCents'
  | 'invoiceNumber'
  | 'cardNumberMasked'
  | 'cardBrand'
  | 'cardExpiry'
  | 'bankAccountLast4'
  | 'voidedAt'
  | 'settledAt'
  | 'settlementBatchId'
  | 'cardToken'
  | 'recurringFlag'
  | 'paymentNumber'
  | 'paymentCount'
  | 'merchantInitiatedUnscheduled'
> & { createdAt: Date };

/**
 * Converge's status of a transaction: VOID once voided, STL once its batch
 * settled, OPN (open, in the current batch) until then.
 */
export function transStatus(
  transaction: Pick<StoredTransaction, 'voidedAt' | 'settledAt'>,
): string {
  if (transaction.voidedAt) return 'VOID';
  return transaction.settledAt ? 'STL' : 'OPN';
}

/** The outcome fields every sale, purchase and void answer carries. */
export function resultFields(transaction: StoredTransaction): TxnFields {
  return {
    ssl_result: transaction.approved ? '0' : '1',
    ssl_result_message: transaction.resultMessage,
    ssl_txn_id: transaction.txnId,
    ssl_txn_time: formatConvergeTime(transaction.createdAt),
    ssl_approval_code: transaction.approvalCode ?? '',
    // A verification (CCVERIFY) is for no money: 0.00.
    ssl_amount: formatSignedAmount(transaction.amountCents),
    ssl_invoice_number: transaction.invoiceNumber ?? '',
  };
}

/** A sale on a stored token: the token and the stored-credential flags it was sent with. */
export function storedCredentialFields(transaction: StoredTransaction): TxnFields {
  if (!transaction.cardToken) return {};
  const fields: TxnFields = { ssl_token: transaction.cardToken };
  if (transaction.recurringFlag) fields.ssl_recurring_flag = transaction.recurringFlag;
  if (transaction.paymentNumber) fields.ssl_payment_number = String(transaction.paymentNumber);
  if (transaction.paymentCount) fields.ssl_payment_count = String(transaction.paymentCount);
  if (transaction.merchantInitiatedUnscheduled) fields.ssl_merchant_initiated_unscheduled = 'Y';
  return fields;
}

/** One `<txn>` of a txnquery answer. */
export function queryFields(transaction: StoredTransaction): TxnFields {
  const fields: TxnFields = {
    ssl_txn_id: transaction.txnId,
    ssl_trans_status: transStatus(transaction),
    ssl_transaction_type: transaction.transactionType,
    ssl_txn_time: formatConvergeTime(transaction.createdAt),
    ssl_card_number: transaction.cardNumberMasked ?? '',
    ssl_card_short_description: transaction.cardBrand ?? '',
    ssl_exp_date: transaction.cardExpiry ?? '',
    ssl_amount: formatSignedAmount(transaction.amountCents),
    ssl_result_message: transaction.resultMessage,
    ssl_approval_code: transaction.approvalCode ?? '',
    ssl_invoice_number: transaction.invoiceNumber ?? '',
    ...storedCredentialFields(transaction),
  };
  if (transaction.bankAccountLast4) {
    fields.ssl_bank_account_number = `******${transaction.bankAccountLast4}`;
  }
  if (transaction.settledAt && !transaction.voidedAt) {
    fields.ssl_settle_time = formatConvergeTime(transaction.settledAt);
    fields.ssl_batch_no = transaction.settlementBatchId ?? '';
  }
  return fields;
}

/** Every XML answer starts with the declaration, as Converge's do. */
export function xmlAnswer(body: string): string {
  return `${XML_DECLARATION}${body}`;
}

/** An XML API refusal: `<txn>` with errorCode, errorName and errorMessage. */
export function xmlError(error: ConvergeErrorFields): string {
  return xmlAnswer(writeTxn({ ...error }));
}

/** The answer to `settle`: the batch closed, how many transactions and their net amount. */
export function settleAnswer(batch: SettledBatch): string {
  const empty = batch.transactionCount === 0;
  return xmlAnswer(
    writeTxn({
      ssl_result: '0',
      ssl_result_message: 'APPROVAL',
      // An empty batch leaves nothing behind, so it has no number.
      ssl_batch_no: empty ? '' : batch.batchId,
      ssl_txn_count: String(batch.transactionCount),
      ssl_amount: formatSignedAmount(batch.netCents),
      ssl_settle_time: formatConvergeTime(batch.settledAt),
    }),
  );
}
