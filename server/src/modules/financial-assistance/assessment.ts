import {
  householdYearlyIncome,
  presumptiveCategories,
  type ApplicationAnswers,
  type Assessment,
} from '@webpay/contracts/assistance-application';
import {
  estimate,
  type FacilityPolicy,
  type PovertyGuidelines,
} from '@webpay/contracts/financial-assistance';
import type { Cents } from '@webpay/contracts/money';

/*
 * What an application's answers come to under the facility's policy, and
 * what an approval does to each account. Pure: the service reads the rows,
 * these decide, the service writes. Money is integer cents and every
 * rounding goes the patient's way.
 */

/**
 * The household's assessment on `day` (the guidelines in effect then). A
 * presumptive category the policy names gives its discount without the
 * income test; otherwise the tier's, or none above every tier.
 */
export function assess(
  guidelines: PovertyGuidelines,
  policy: Pick<FacilityPolicy, 'rules'>,
  answers: ApplicationAnswers,
  day: string,
): Assessment {
  const yearlyIncomeCents = householdYearlyIncome(answers.members);
  const found = estimate(guidelines, policy.rules, {
    householdSize: answers.members.length,
    yearlyIncomeCents,
    region: answers.region,
    day,
  });
  const presumptive = presumptiveCategories(answers).filter((category) =>
    policy.rules.presumptive.includes(category),
  );
  const tierDiscount = found.tier?.discountPercent ?? 0;
  const discountPercent =
    presumptive.length > 0
      ? Math.max(policy.rules.presumptiveDiscountPercent, tierDiscount)
      : tierDiscount;
  return {
    householdSize: answers.members.length,
    yearlyIncomeCents,
    guidelineYear: found.guidelineYear,
    guidelineCents: found.guidelineCents,
    percentOfPoverty: found.percentOfPoverty,
    tier: found.tier,
    presumptive,
    discountPercent,
    assetsCents: answers.assets ? answers.assets.cashCents + answers.assets.otherCents : null,
  };
}

/** An account as an approval sees it. */
export interface AccountToAdjust {
  id: string;
  /** Its balance now. */
  balanceCents: Cents;
  /** What the guarantor has paid on it through the portal (recorded payments, less reversals). */
  paidCents: Cents;
}

export interface AccountAdjustment {
  id: string;
  /** Taken off the balance; never more than the balance. */
  adjustmentCents: Cents;
  newBalanceCents: Cents;
  /** Paid above what the patient now owes on it: to be refunded. */
  refundCents: Cents;
}

/**
 * An approval's effect on one account. The charges are what the account
 * was billed as far as WebPay knows it (the balance plus what was paid);
 * the patient owes the discounted charges, and never more than the amounts
 * generally billed (AGB, 501(r)(5)). What was paid above that is refunded.
 */
export function adjustAccount(
  account: AccountToAdjust,
  discountPercent: number,
  agbBasisPoints: number,
): AccountAdjustment {
  const charges = account.balanceCents + account.paidCents;
  const discounted = Math.floor((charges * (100 - discountPercent)) / 100);
  const agbLimit = Math.floor((charges * agbBasisPoints) / 10_000);
  const owes = Math.min(discounted, agbLimit);
  const newBalanceCents = Math.max(0, owes - account.paidCents);
  return {
    id: account.id,
    adjustmentCents: account.balanceCents - newBalanceCents,
    newBalanceCents,
    refundCents: Math.max(0, account.paidCents - owes),
  };
}

/** Every account's adjustment and the totals an approval reports. */
export function adjustAccounts(
  accounts: readonly AccountToAdjust[],
  discountPercent: number,
  agbBasisPoints: number,
): { accounts: AccountAdjustment[]; totalAdjustmentCents: Cents; refundCents: Cents } {
  const adjusted = accounts.map((account) =>
    adjustAccount(account, discountPercent, agbBasisPoints),
  );
  return {
    accounts: adjusted,
    totalAdjustmentCents: adjusted.reduce((sum, account) => sum + account.adjustmentCents, 0),
    refundCents: adjusted.reduce((sum, account) => sum + account.refundCents, 0),
  };
}
