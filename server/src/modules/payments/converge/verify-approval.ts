import { parseConvergeAmount } from './converge-amount.ts';
import type { ConvergeTxn, ExpectedApproval } from './converge.types.ts';

/*
 * The browser's word is never trusted (PRODUCT.md, Payments): an approval
 * counts only when Converge's own record of it (txnquery) matches what the
 * service started. converge.md §3 gives the rule integrators use.
 */

export type ApprovalRejection =
  | 'not_found'
  | 'txn_id_mismatch'
  | 'amount_mismatch'
  | 'invoice_mismatch'
  | 'not_approved'
  | 'voided';

export type ApprovalCheck = { ok: true } | { ok: false; reason: ApprovalRejection };

/** Approved means a zero result where Converge sends one, and a message starting "APPROV". */
export function isApproved(txn: ConvergeTxn): boolean {
  const message = (txn.ssl_result_message ?? '').trim().toUpperCase();
  const result = txn.ssl_result?.trim();
  return message.startsWith('APPROV') && (result === undefined || result === '0');
}

/** A decline as Converge states one: a non-zero result, or a message that says so. */
export function isDecline(txn: ConvergeTxn): boolean {
  return (
    /^[1-9]\d*$/.test(txn.ssl_result?.trim() ?? '') || /DECLIN/i.test(txn.ssl_result_message ?? '')
  );
}

/**
 * Whether the answer to one of our own requests (an eCheck debit) names
 * another amount or invoice than we sent. Converge may leave them out of
 * such an answer; when present they must be ours.
 */
export function contradictsRequest(
  txn: ConvergeTxn,
  expected: Pick<ExpectedApproval, 'amountCents' | 'invoiceNumber'>,
): boolean {
  return (
    (txn.ssl_amount !== undefined &&
      parseConvergeAmount(txn.ssl_amount) !== expected.amountCents) ||
    (txn.ssl_invoice_number !== undefined &&
      txn.ssl_invoice_number.trim() !== expected.invoiceNumber)
  );
}

/**
 * A voided sale, or a record that is itself a void or a refund: either way
 * not money received. Converge's txnquery has no dedicated flag, so both the
 * status and the transaction type are checked.
 */
export function isVoidedOrReversal(txn: ConvergeTxn): boolean {
  const status = (txn.ssl_trans_status ?? '').trim().toUpperCase();
  const type = (txn.ssl_transaction_type ?? '').trim().toUpperCase();
  return status.startsWith('VOID') || /VOID|RETURN|REFUND|DELETE/.test(type);
}

/**
 * Whether `txn` (one transaction from txnquery, or undefined when the query
 * found none) is the approval the service expects: it exists, the amount and
 * invoice number match, the message starts with "APPROV", and it is not voided.
 */
export function verifyApproval(
  txn: ConvergeTxn | undefined,
  expected: ExpectedApproval,
): ApprovalCheck {
  if (txn === undefined) return { ok: false, reason: 'not_found' };
  if (expected.txnId !== undefined && txn.ssl_txn_id !== expected.txnId) {
    return { ok: false, reason: 'txn_id_mismatch' };
  }
  if (parseConvergeAmount(txn.ssl_amount ?? '') !== expected.amountCents) {
    return { ok: false, reason: 'amount_mismatch' };
  }
  if ((txn.ssl_invoice_number ?? '').trim() !== expected.invoiceNumber) {
    return { ok: false, reason: 'invoice_mismatch' };
  }
  if (!isApproved(txn)) return { ok: false, reason: 'not_approved' };
  if (isVoidedOrReversal(txn)) return { ok: false, reason: 'voided' };
  return { ok: true };
}
