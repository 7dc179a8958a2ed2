import {
  ENCOUNTER_TYPES,
  type Encounter,
  type EncountersResponse,
  type PendingPayment,
} from '@webpay/contracts/encounters';
import { sumCents, toCents, type Cents } from '@webpay/contracts/money';
import { paysBeyondPending, type PaymentItem } from '@webpay/contracts/payments';

/*
 * What is already pending on the account each line pays (decision 0016),
 * from the pending bills the dashboard shows: the same accounts and the
 * same rule as the service's check, so the dialog asks exactly when the
 * service would refuse.
 */

export interface PendingOnItem {
  /** Everything pending on the account, as the dashboard's marker counts it. */
  pendingCents: Cents;
  /** The line pays beyond the balance less the portal payments pending: the guarantor is asked. */
  asks: boolean;
}

export const NOTHING_PENDING: PendingOnItem = { pendingCents: 0, asks: false };

interface Holding {
  balanceCents: Cents;
  pending: readonly PendingPayment[];
}

const pendingOf = (items: readonly { pendingPayments?: PendingPayment[] }[]) =>
  items.flatMap((item) => item.pendingPayments ?? []);

/**
 * An encounter is its own account; a plan holds its encounters; a total or
 * custom payment is made toward the whole main account: its encounters,
 * its plans and what was paid toward the account as a whole.
 */
function holdingOf(item: PaymentItem, bills: EncountersResponse): Holding | undefined {
  const matches = (encounter: Encounter, type: Encounter['type']) =>
    encounter.type === type &&
    encounter.facilityId === item.facilityId &&
    encounter.accountNumber === item.accountNumber;
  switch (item.type) {
    case 'encounter':
    case 'external': {
      const type = item.type === 'external' ? ENCOUNTER_TYPES.otherFacility : ENCOUNTER_TYPES.main;
      const encounter = bills.encounters.find((candidate) => matches(candidate, type));
      return (
        encounter && { balanceCents: toCents(encounter.balance), pending: pendingOf([encounter]) }
      );
    }
    case 'payment_plan': {
      const plan = bills.paymentPlans.find((candidate) => candidate.id === item.accountNumber);
      return (
        plan && {
          balanceCents: toCents(plan.currentBalance),
          pending: [...pendingOf([plan]), ...pendingOf(plan.encounters)],
        }
      );
    }
    case 'total':
    case 'custom': {
      const main = bills.encounters.filter((encounter) => encounter.type === ENCOUNTER_TYPES.main);
      const plans = bills.paymentPlans;
      return {
        balanceCents: sumCents([
          ...main.map((encounter) => toCents(encounter.balance)),
          ...plans.map((plan) => toCents(plan.currentBalance)),
        ]),
        pending: [
          ...(bills.pendingPayments ?? []),
          ...pendingOf(main),
          ...pendingOf(plans),
          ...pendingOf(plans.flatMap((plan) => plan.encounters)),
        ],
      };
    }
  }
}

const centsOf = (payments: readonly PendingPayment[]) =>
  sumCents(payments.map((payment) => toCents(payment.amount)));

export function pendingOnItem(
  item: PaymentItem,
  bills: EncountersResponse | undefined,
): PendingOnItem {
  const holding = bills && holdingOf(item, bills);
  if (!holding) return NOTHING_PENDING;
  const portalCents = centsOf(holding.pending.filter((payment) => payment.madeInPortal));
  return {
    pendingCents: centsOf(holding.pending),
    asks: paysBeyondPending(toCents(item.amount), holding.balanceCents, portalCents),
  };
}
