import type {
  Encounter,
  EncountersResponse,
  PaymentPlan,
  PendingPayment,
} from '@webpay/contracts/encounters';
import { fromCents } from '@webpay/contracts/money';
import type { SessionReadSpec, SignedInRead } from '../auth/index.ts';
import { encountersAnswerCounts, encountersAnswerJson } from './encounters-answer.ts';
import {
  type EncounterRow,
  type InstalmentRow,
  type OpenBills,
  type PendingPaymentRow,
  type PlanRow,
} from './encounters.repository.ts';
import { groupBy } from '../../lib/group-by.ts';

const toPendingPayment = (row: PendingPaymentRow): PendingPayment => ({
  receiptId: row.receiptId,
  date: row.paidOn,
  amount: fromCents(row.amountCents),
  madeInPortal: row.madeInPortal,
});

/** SPEC §3: pendingPayments is absent, not empty, when nothing is pending. */
function withPending<T extends object>(item: T, pending: PendingPaymentRow[] | undefined) {
  return pending?.length ? { ...item, pendingPayments: pending.map(toPendingPayment) } : item;
}

export function toEncounter(row: EncounterRow, pending?: PendingPaymentRow[]): Encounter {
  return withPending(
    {
      facilityId: row.facilityId,
      accountNumber: row.accountNumber,
      patientName: row.patientName,
      status: row.status,
      admitDate: row.admitDate,
      balance: fromCents(row.balanceCents),
      type: row.type,
    },
    pending,
  );
}

export function toPaymentPlan(
  plan: PlanRow,
  instalments: InstalmentRow[],
  encounters: Encounter[],
  pending?: PendingPaymentRow[],
): PaymentPlan {
  return withPending(
    {
      id: plan.planNumber,
      version: plan.version,
      type: plan.type,
      status: plan.status,
      nextDueDate: plan.nextDueDate,
      dueAmount: fromCents(plan.dueCents),
      overdueAmount: fromCents(plan.overdueCents),
      regularPaymentAmount: fromCents(plan.regularPaymentCents),
      currentBalance: fromCents(plan.currentBalanceCents),
      numberOfPayments: plan.numberOfPayments,
      amortization: instalments.map((instalment) => ({
        number: instalment.number,
        dueDate: instalment.dueDate,
        amount: fromCents(instalment.amountCents),
        completedAt: instalment.completedAt,
      })),
      encounters,
    },
    pending,
  );
}

/**
 * Puts the four row sets together: plan encounters under their plan, the
 * rest listed on their own. The answer the database writes for GET
 * /encounters (encounters-answer.ts), from rows already in memory, for the
 * statements' reconciliation; encounters-answer.test.ts holds the two equal.
 */
export function assembleEncounters(rows: OpenBills): EncountersResponse {
  const openPlanIds = new Set(rows.plans.map((plan) => plan.id));
  const pendingByEncounter = groupBy(rows.pendingPayments, (row) => row.encounterId);
  const pendingByPlan = groupBy(rows.pendingPayments, (row) => row.planId);
  const instalmentsByPlan = groupBy(rows.instalments, (row) => row.planId);
  const encountersByPlan = new Map<string, Encounter[]>();
  const listed: Encounter[] = [];

  for (const row of rows.encounters) {
    const encounter = toEncounter(row, pendingByEncounter.get(row.id));
    if (row.planId !== null && openPlanIds.has(row.planId)) {
      const planEncounters = encountersByPlan.get(row.planId);
      if (planEncounters) planEncounters.push(encounter);
      else encountersByPlan.set(row.planId, [encounter]);
    } else {
      listed.push(encounter);
    }
  }

  // Paid toward the whole account (Pay Total, Specify Amount): no encounter or plan holds them.
  const onAccount = rows.pendingPayments.filter(
    (row) => row.encounterId === null && row.planId === null,
  );
  return withPending(
    {
      encounters: listed,
      paymentPlans: rows.plans.map((plan) =>
        toPaymentPlan(
          plan,
          instalmentsByPlan.get(plan.id) ?? [],
          encountersByPlan.get(plan.id) ?? [],
          pendingByPlan.get(plan.id),
        ),
      ),
    },
    onAccount,
  );
}

/**
 * GET /encounters as one statement with its session check and audit row
 * (auth's session-read.ts), its answer the route's own JSON text. The audit
 * row counts what the answer lists: the encounters outside an open plan,
 * and the open plans.
 */
export const OPEN_BILLS_READ: SessionReadSpec = {
  name: 'encounters_read',
  payload: encountersAnswerJson,
  asText: true,
  action: 'encounters.read',
  details: encountersAnswerCounts,
};

export class EncountersService {
  constructor(private readonly readOpenBills: SignedInRead<string>) {}

  /**
   * GET /encounters: the token's guarantor's bills as the answer's JSON
   * text, read and audited with the session check.
   */
  readonly forToken: SignedInRead<string> = (token, context) => this.readOpenBills(token, context);
}
