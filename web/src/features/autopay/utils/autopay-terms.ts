import type { PaymentPlan } from '@webpay/contracts/encounters';
import { toCents, type Cents } from '@webpay/contracts/money';
import type {
  AuthorizedMethod,
  PlanAuthorizationTerms,
  PlanOptions,
  ScheduledInstalment,
  StatementAutopayTerms,
} from '@webpay/contracts/payment-plans';
import type { AuthorizationParties } from '@/lib/recurring/authorization-parties.ts';

/** A plan's instalments not yet paid, in order: what its autopay will charge. */
export function remainingInstalments(
  plan: Pick<PaymentPlan, 'amortization'>,
): ScheduledInstalment[] {
  return plan.amortization
    .filter((instalment) => instalment.completedAt === null)
    .map((instalment) => ({
      number: instalment.number,
      dueDate: instalment.dueDate,
      amountCents: toCents(instalment.amount),
    }));
}

/**
 * The terms of `planAuthorizationText` when autopay is turned on for a plan
 * already running: its accounts, and the remaining instalments, their total
 * and their day of the month. Null when nothing is left to charge.
 */
export function planAutopayTerms(
  plan: Pick<PaymentPlan, 'amortization' | 'encounters'>,
  method: AuthorizedMethod,
  parties: AuthorizationParties,
  timings: PlanOptions['timings'],
): PlanAuthorizationTerms | null {
  const instalments = remainingInstalments(plan);
  const first = instalments[0];
  if (!first) return null;
  return {
    payee: parties.payee,
    accounts: plan.encounters.map(
      (encounter) => `${encounter.facilityId}-${encounter.accountNumber}`,
    ),
    totalCents: instalments.reduce((sum, instalment) => sum + instalment.amountCents, 0),
    instalments,
    dayOfMonth: Number(first.dueDate.slice(8, 10)),
    autopayMethod: method,
    noticeDays: timings.fixedNoticeDays,
    changeBusinessDays: timings.changeBusinessDays,
    billingOfficePhone: parties.billingOfficePhone,
  };
}

/** The terms of `statementAutopayAuthorizationText`. */
export function statementAutopayTerms(
  method: AuthorizedMethod,
  capCents: Cents,
  parties: AuthorizationParties,
  timings: PlanOptions['timings'],
): StatementAutopayTerms {
  return {
    payee: parties.payee,
    method,
    capCents,
    noticeDays: timings.variableNoticeDays,
    changeBusinessDays: timings.changeBusinessDays,
    billingOfficePhone: parties.billingOfficePhone,
  };
}
