import { describe, expect, it } from 'vitest';
import type { ApplicationAnswers } from '@webpay/contracts/assistance-application';
import { SHIPPED_POVERTY_GUIDELINES as POVERTY_GUIDELINES } from './poverty-guidelines.ts';
import { DEMO_ASSISTANCE_POLICY as policy } from './demo-policy.ts';
import { adjustAccount, adjustAccounts, assess } from './assessment.ts';

/** A household of `size` with one yearly income of `dollars` for the applicant. */
function household(size: number, dollars: number, extra: Partial<ApplicationAnswers> = {}) {
  const members: ApplicationAnswers['members'] = [
    {
      name: 'Maria Garcia',
      relationship: 'self',
      incomes:
        dollars > 0 ? [{ source: 'wages', amountCents: dollars * 100, frequency: 'yearly' }] : [],
      documents: dollars > 0 ? 'upload' : 'no_income',
    },
  ];
  for (let index = 1; index < size; index += 1) {
    members.push({
      name: `Member ${index}`,
      relationship: 'child',
      incomes: [],
      documents: 'no_income',
    });
  }
  return {
    accounts: [{ facilityId: '107', accountNumber: '40010001' }],
    region: 'contiguous',
    members,
    benefits: [],
    homeless: false,
    insurance: { insured: false },
    hardship: '',
    ...extra,
  } satisfies ApplicationAnswers;
}

describe('assess', () => {
  it('puts a household of 4 earning $40,000 in 2026 at 121% of $33,000, free care', () => {
    const found = assess(POVERTY_GUIDELINES, policy, household(4, 40_000), '2026-11-29');
    expect(found).toMatchObject({
      householdSize: 4,
      yearlyIncomeCents: 4_000_000,
      guidelineYear: 2026,
      guidelineCents: 3_300_000,
      percentOfPoverty: 121,
      discountPercent: 100,
      presumptive: [],
      assetsCents: null,
    });
  });

  it('decides each tier on the exact figure: 200% is free care, a cent more is 75% off', () => {
    // 200% of the 2026 guideline for 4 ($33,000) is exactly $66,000.
    expect(
      assess(POVERTY_GUIDELINES, policy, household(4, 66_000), '2026-11-29').discountPercent,
    ).toBe(100);
    const justAbove = household(4, 66_000);
    justAbove.members[0]?.incomes.push({ source: 'other', amountCents: 1, frequency: 'yearly' });
    const above = assess(POVERTY_GUIDELINES, policy, justAbove, '2026-11-29');
    expect(above.percentOfPoverty).toBe(200);
    expect(above.discountPercent).toBe(75);
  });

  it('gives nothing above every tier, and the presumptive discount to a household on SNAP', () => {
    expect(
      assess(POVERTY_GUIDELINES, policy, household(1, 200_000), '2026-11-29').discountPercent,
    ).toBe(0);
    const onSnap = household(1, 200_000, { benefits: ['snap'] });
    const found = assess(POVERTY_GUIDELINES, policy, onSnap, '2026-11-29');
    expect(found.presumptive).toEqual(['snap']);
    expect(found.discountPercent).toBe(policy.rules.presumptiveDiscountPercent);
  });

  it('uses the guideline in effect on the day the application was sent', () => {
    // 2025's guideline for 4 is $32,150: $40,000 is 124% of it.
    expect(
      assess(POVERTY_GUIDELINES, policy, household(4, 40_000), '2026-01-12').guidelineYear,
    ).toBe(2025);
    expect(
      assess(POVERTY_GUIDELINES, policy, household(4, 40_000), '2026-01-12').percentOfPoverty,
    ).toBe(124);
  });
});

describe('adjustAccount', () => {
  it('takes the whole balance off at 100% and refunds what was paid', () => {
    expect(adjustAccount({ id: 'a', balanceCents: 50_000, paidCents: 2_000 }, 100, 3_850)).toEqual({
      id: 'a',
      adjustmentCents: 50_000,
      newBalanceCents: 0,
      refundCents: 2_000,
    });
  });

  it('caps what the patient owes at the amounts generally billed', () => {
    // Charges $1,000.00: 50% off would leave $500.00, AGB (38.50%) caps it at $385.00.
    expect(adjustAccount({ id: 'a', balanceCents: 100_000, paidCents: 0 }, 50, 3_850)).toEqual({
      id: 'a',
      adjustmentCents: 61_500,
      newBalanceCents: 38_500,
      refundCents: 0,
    });
  });

  it('rounds every cent the patient’s way', () => {
    // Charges $0.99 at 75% off: the patient owes 24 cents (24.75 rounded down).
    expect(
      adjustAccount({ id: 'a', balanceCents: 99, paidCents: 0 }, 75, 10_000).newBalanceCents,
    ).toBe(24);
  });

  it('counts what was paid against the new amount owed', () => {
    // Charges $400.00 ($100.00 paid): 75% off leaves $100.00 owed, all of it paid.
    expect(adjustAccount({ id: 'a', balanceCents: 30_000, paidCents: 10_000 }, 75, 10_000)).toEqual(
      {
        id: 'a',
        adjustmentCents: 30_000,
        newBalanceCents: 0,
        refundCents: 0,
      },
    );
  });

  it('adds the accounts up', () => {
    const result = adjustAccounts(
      [
        { id: 'a', balanceCents: 10_000, paidCents: 0 },
        { id: 'b', balanceCents: 5_000, paidCents: 1_000 },
      ],
      100,
      3_850,
    );
    expect(result.totalAdjustmentCents).toBe(15_000);
    expect(result.refundCents).toBe(1_000);
  });
});
