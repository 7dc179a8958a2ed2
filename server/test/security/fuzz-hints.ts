import fc from 'fast-check';
import type { PaymentLine } from '@webpay/contracts/payments';
import { ACCOUNT_TYPES } from '@webpay/contracts/billing';
import { OFFICE_API_BASE_PATH } from '@webpay/contracts/office';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { SANDBOX_BANK_ACCOUNTS } from '../../src/modules/converge-sandbox/test-instruments.ts';
import { MARIA_PAYER } from '../support/payments.ts';
import type { Operation } from './openapi-document.ts';
import type { Hints } from './schema-arbitraries.ts';

/*
 * Real values of the signed-in guarantor's own data, mixed into the
 * generated ones so that valid requests get past "not found" and exercise
 * what lies behind it: statements rendered, receipts read, payments started
 * and charged at the sandbox processor.
 */

export interface OwnData {
  statementIds: string[];
  receiptIds: string[];
  /** refNums of card payments the guarantor started. */
  paymentRefs: string[];
  /** Ids of those payments and of one recorded one, as the payment desk names them. */
  paymentIds: string[];
  /** Payment lines of accounts with something owed. */
  lines: PaymentLine[];
  /** A real e-mail sign-in verification of the guarantor. */
  verification: { guarantorId: string; verificationId: string };
}

const maria = DEMO_GUARANTORS.maria;
/** A key used again and again, so replays and key reuse (409) are exercised too. */
const REUSED_IDEMPOTENCY_KEY = 'fuzz-reused-key-0001';

const oneOf = <T>(values: readonly T[]): fc.Arbitrary<T> | undefined =>
  values.length > 0 ? fc.constantFrom(...values) : undefined;

export function ownDataHints(own: OwnData): (operation: Operation) => Hints {
  const lines =
    own.lines.length === 0
      ? undefined
      : fc
          .subarray(own.lines, { minLength: 1, maxLength: Math.min(3, own.lines.length) })
          .chain((chosen) =>
            fc.tuple(
              ...chosen.map((line) =>
                fc.integer({ min: 1, max: 500 }).map((cents) => ({ ...line, amount: cents / 100 })),
              ),
            ),
          );
  const eCheck = fc.record({
    routingNumber: fc.constant(SANDBOX_BANK_ACCOUNTS.approved.routingNumber),
    accountNumber: fc.constantFrom(
      SANDBOX_BANK_ACCOUNTS.approved.accountNumber,
      SANDBOX_BANK_ACCOUNTS.declined.accountNumber,
    ),
    accountType: fc.constantFrom(...ACCOUNT_TYPES),
  });
  const recentDate = fc
    .integer({ min: -400, max: 5 })
    .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));

  return (operation) => {
    const isStatement = operation.path.includes('/statements/');
    const isPayment = operation.path.includes('/payments/{');
    const isDesk = isPayment && operation.path.startsWith(OFFICE_API_BASE_PATH);
    // An application names its accounts without amounts: the payment lines do not fit it.
    const isAssistance = operation.path.includes('/financial-assistance/');
    return (name) => {
      switch (name) {
        case 'id':
          if (isDesk) return oneOf(own.paymentIds);
          return oneOf(isStatement ? own.statementIds : isPayment ? own.paymentRefs : []);
        case 'receiptId':
          return oneOf(own.receiptIds);
        case 'accounts':
          return isAssistance ? undefined : lines;
        case 'eCheck':
          return eCheck;
        case 'payer':
          return fc.constantFrom(MARIA_PAYER, { ...MARIA_PAYER, email: null });
        case 'email':
          return fc.constant(maria.email);
        case 'birthdate':
          return fc.constant(maria.birthdate);
        case 'guarantorId':
          return fc.constant(own.verification.guarantorId);
        case 'verificationId':
          return fc.constant(own.verification.verificationId);
        case 'idempotency-key':
          return fc.constant(REUSED_IDEMPOTENCY_KEY);
        case 'from':
        case 'to':
          return recentDate;
        default:
          return undefined;
      }
    };
  };
}
