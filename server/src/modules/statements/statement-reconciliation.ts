import { ENCOUNTER_TYPES } from '@webpay/contracts/encounters';
import { fromCents, sumCents, type Cents } from '@webpay/contracts/money';
import { mainEncounters, mainOutstandingCents, planFullCents } from '@webpay/contracts/outstanding';
import type { StatementReconciliation } from '@webpay/contracts/statement-reconciliation';
import type { StatementItem } from '../../db/schema.ts';
import { type OpenBills, assembleEncounters } from '../encounters/index.ts';

/*
 * The figures that square a statement with the dashboard (decision 0010),
 * in cents: the statement as stored, the dashboard as the guarantor's open
 * bills stand today. What the two cannot explain between them (new bills,
 * adjustments, payments the billing office applied) is the remainder, so
 * the lines always add up.
 */

export interface ReconciledStatement {
  statementDate: string;
  amountDueCents: Cents;
  items: readonly Pick<StatementItem, 'facilityId' | 'accountNumber' | 'balanceCents'>[];
}

const accountKey = (account: { facilityId: string; accountNumber: string }) =>
  `${account.facilityId}-${account.accountNumber}`;

function openPlanIds(bills: OpenBills): Set<string> {
  return new Set(bills.plans.map((plan) => plan.id));
}

/** The statement's balances on encounters now in an open plan: the plan's monthly payments cover them. */
function inPaymentPlansCents(statement: ReconciledStatement, bills: OpenBills): Cents {
  const plans = openPlanIds(bills);
  const inPlans = new Set(
    bills.encounters
      .filter((encounter) => encounter.planId !== null && plans.has(encounter.planId))
      .map(accountKey),
  );
  return sumCents(
    statement.items.filter((item) => inPlans.has(accountKey(item))).map((i) => i.balanceCents),
  );
}

/**
 * Payments dated after the statement date and not yet applied, toward the
 * Hospitals & Clinics tab: its encounters, its plans and the account as a
 * whole. Payments to another facility's tab are no part of this comparison.
 */
function paymentsInProcessCents(statementDate: string, bills: OpenBills): Cents {
  const plans = openPlanIds(bills);
  const otherFacilities = new Set(
    bills.encounters
      .filter((encounter) => encounter.type === ENCOUNTER_TYPES.otherFacility)
      .filter((encounter) => encounter.planId === null || !plans.has(encounter.planId))
      .map((encounter) => encounter.id),
  );
  return sumCents(
    bills.pendingPayments
      .filter((payment) => payment.paidOn > statementDate)
      .filter((payment) => !(payment.encounterId && otherFacilities.has(payment.encounterId)))
      .map((payment) => payment.amountCents),
  );
}

/** `asOf` is the facility's day the bills were read on. */
export function reconcileStatement(
  statement: ReconciledStatement,
  bills: OpenBills,
  asOf: string,
): StatementReconciliation {
  const dashboard = assembleEncounters(bills);
  const tab = { encounters: mainEncounters(dashboard.encounters), plans: dashboard.paymentPlans };
  const dueNowCents = mainOutstandingCents(tab);
  const inPlansCents = inPaymentPlansCents(statement, bills);
  const planDueCents = sumCents(tab.plans.map(planFullCents));
  const explainedCents = statement.amountDueCents - inPlansCents + planDueCents;
  return {
    asOf,
    inPaymentPlans: fromCents(inPlansCents),
    planPaymentsDue: fromCents(planDueCents),
    otherChanges: fromCents(dueNowCents - explainedCents),
    dueNow: fromCents(dueNowCents),
    paymentsInProcess: fromCents(paymentsInProcessCents(statement.statementDate, bills)),
  };
}
