import { describe, expect, it } from 'vitest';
import type { ConvergeTxn } from './converge.types.ts';
import { isApproved, verifyApproval } from './verify-approval.ts';

const approved: ConvergeTxn = {
  ssl_txn_id: '221126ABC-0000',
  ssl_trans_status: 'OPN',
  ssl_transaction_type: 'SALE',
  ssl_amount: '25.00',
  ssl_invoice_number: 'WP-1',
  ssl_result_message: 'APPROVAL',
  ssl_approval_code: '123456',
};
const expected = { amountCents: 2500, invoiceNumber: 'WP-1' };

describe('verifyApproval', () => {
  it('accepts the approval the service started', () => {
    expect(verifyApproval(approved, expected)).toEqual({ ok: true });
    expect(verifyApproval(approved, { ...expected, txnId: '221126ABC-0000' })).toEqual({
      ok: true,
    });
    expect(verifyApproval({ ...approved, ssl_result_message: 'APPROVED' }, expected).ok).toBe(true);
  });

  it.each([
    ['no transaction', undefined, expected, 'not_found'],
    ['another transaction', approved, { ...expected, txnId: 'forged' }, 'txn_id_mismatch'],
    ['a changed amount', { ...approved, ssl_amount: '2.50' }, expected, 'amount_mismatch'],
    ['an unreadable amount', { ...approved, ssl_amount: '25' }, expected, 'amount_mismatch'],
    ['another invoice', { ...approved, ssl_invoice_number: 'WP-2' }, expected, 'invoice_mismatch'],
    ['a decline', { ...approved, ssl_result_message: 'DECLINED' }, expected, 'not_approved'],
    ['a non-zero result', { ...approved, ssl_result: '1' }, expected, 'not_approved'],
    ['a voided sale', { ...approved, ssl_trans_status: 'VOID' }, expected, 'voided'],
    ['a void record', { ...approved, ssl_transaction_type: 'VOID' }, expected, 'voided'],
    ['a refund', { ...approved, ssl_transaction_type: 'RETURN' }, expected, 'voided'],
  ] as const)('refuses %s', (_name, txn, expectation, reason) => {
    expect(verifyApproval(txn, expectation)).toEqual({ ok: false, reason });
  });

  it('reads approval from the message and, when present, the result', () => {
    expect(isApproved({ ssl_result: '0', ssl_result_message: 'APPROVAL' })).toBe(true);
    expect(isApproved({ ssl_result_message: 'approval' })).toBe(true);
    expect(isApproved({ ssl_result: '0', ssl_result_message: 'PARTIAL APPROVAL' })).toBe(false);
    expect(isApproved({})).toBe(false);
  });
});
