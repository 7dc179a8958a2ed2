import { daysBetween } from '@webpay/contracts/dates';
import {
  CARD_EXPIRY_WARNING_DAYS,
  cardExpiresOn,
  type MethodUse,
  type PaymentMethod,
} from '@webpay/contracts/payment-methods';
import type { ListedMethod, MethodUses } from './payment-methods.repository.ts';

/** "MMYY" → "MM/YY". */
function shownExpiry(mmyy: string): string {
  return `${mmyy.slice(0, 2)}/${mmyy.slice(2, 4)}`;
}

export function usesShown(uses: MethodUses | undefined): MethodUse[] {
  if (!uses) return [];
  const shown: MethodUse[] = uses.plans.map((plan) => ({
    kind: 'plan',
    planNumber: plan.planNumber,
    planVersion: plan.version,
  }));
  if (uses.statementAutopay) shown.push({ kind: 'statement_autopay' });
  return shown;
}

/** A saved method as the portal reads it; `today` is the facility's day. */
export function methodView(
  row: ListedMethod,
  uses: MethodUses | undefined,
  today: string,
): PaymentMethod {
  const expiresOn = row.kind === 'card' && row.cardExpiry ? cardExpiresOn(row.cardExpiry) : null;
  const daysLeft = expiresOn === null ? null : daysBetween(today, expiresOn);
  return {
    id: row.id,
    kind: row.kind,
    brand: row.brand,
    last4: row.last4,
    expiry: row.kind === 'card' && row.cardExpiry ? shownExpiry(row.cardExpiry) : null,
    expiresOn,
    expired: daysLeft !== null && daysLeft < 0,
    expiringSoon: daysLeft !== null && daysLeft >= 0 && daysLeft <= CARD_EXPIRY_WARNING_DAYS,
    holderName: [row.holder.firstName, row.holder.lastName].filter(Boolean).join(' '),
    isDefault: row.isDefault,
    usedBy: usesShown(uses),
    createdAt: row.createdAt.toISOString(),
  };
}
