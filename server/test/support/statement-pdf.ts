import { fromCents, type Cents } from '@webpay/contracts/money';
import type { StatementReconciliation } from '@webpay/contracts/statement-reconciliation';

/** A statement whose dashboard asks for exactly its amount due: nothing in plans, nothing since. */
export function squareReconciliation(
  amountDueCents: Cents,
  overrides: Partial<StatementReconciliation> = {},
): StatementReconciliation {
  return {
    asOf: '2026-11-25',
    inPaymentPlans: 0,
    planPaymentsDue: 0,
    otherChanges: 0,
    dueNow: fromCents(amountDueCents),
    paymentsInProcess: 0,
    ...overrides,
  };
}
