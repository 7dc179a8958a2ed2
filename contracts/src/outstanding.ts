import { ENCOUNTER_TYPES, type Encounter, type PaymentPlan } from './encounters.ts';
import { sumCents, toCents, type Cents } from './money.ts';

/*
 * What the dashboard's Hospitals & Clinics tab asks for, defined once: the
 * portal shows it as Total Outstanding and pays it with Pay Total, and the
 * service compares statements with it (decision 0010).
 */

/** SPEC §5: the plan Full button fills the due amount plus the overdue amount. */
export function planFullCents(plan: Pick<PaymentPlan, 'dueAmount' | 'overdueAmount'>): Cents {
  return toCents(plan.dueAmount) + toCents(plan.overdueAmount);
}

/** SPEC §2: the Hospitals & Clinics tab lists the encounters that are not another facility's. */
export function mainEncounters<T extends Pick<Encounter, 'type'>>(encounters: readonly T[]): T[] {
  return encounters.filter((encounter) => encounter.type !== ENCOUNTER_TYPES.otherFacility);
}

/** SPEC §4 Payment mode: Pay Total's sum is the encounter balances plus each plan's due and overdue amounts. */
export function mainOutstandingCents(tab: {
  encounters: readonly Pick<Encounter, 'balance'>[];
  plans: readonly Pick<PaymentPlan, 'dueAmount' | 'overdueAmount'>[];
}): Cents {
  return (
    sumCents(tab.encounters.map((encounter) => toCents(encounter.balance))) +
    sumCents(tab.plans.map(planFullCents))
  );
}
