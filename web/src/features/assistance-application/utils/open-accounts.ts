import { encounterNumber, type EncountersResponse } from '@webpay/contracts/encounters';
import { toCents, type Cents } from '@webpay/contracts/money';

/** An account the application may cover: one with a balance, on a plan or not. */
export interface OpenAccount {
  /** `107-40010001`: how the portal names the account, and what the application sends. */
  id: string;
  facilityId: string;
  accountNumber: string;
  patientName: string;
  admitDate: string | null;
  balanceCents: Cents;
}

/**
 * Every account with a balance, from the bills the dashboard loads: the
 * encounters of every facility and those on payment plans, each once.
 */
export function openAccounts(bills: EncountersResponse): OpenAccount[] {
  const all = [...bills.encounters, ...bills.paymentPlans.flatMap((plan) => plan.encounters)];
  const byId = new Map<string, OpenAccount>();
  for (const encounter of all) {
    const id = encounterNumber(encounter);
    const balanceCents = toCents(encounter.balance);
    if (balanceCents <= 0 || byId.has(id)) continue;
    byId.set(id, {
      id,
      facilityId: encounter.facilityId,
      accountNumber: encounter.accountNumber,
      patientName: encounter.patientName,
      admitDate: encounter.admitDate,
      balanceCents,
    });
  }
  return [...byId.values()];
}
