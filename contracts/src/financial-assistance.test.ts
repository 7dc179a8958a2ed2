import { describe, expect, it } from 'vitest';
import {
  estimate,
  guidelinesOn,
  guidelineTableSchema,
  policyRulesSchema,
  povertyGuideline,
  povertyGuidelinesSchema,
  tierFor,
  wholePercentOfPoverty,
  withinPercent,
  yearlyIncome,
  type GuidelineTable,
  type PolicyRules,
  type PovertyGuidelines,
} from './financial-assistance.ts';

/** A table in HHS's shape: `first` for one person, `step` for each further one, in dollars. */
const table = (first: number, step: number): GuidelineTable => ({
  bySize: Array.from({ length: 8 }, (_, index) => (first + index * step) * 100),
  eachAdditional: step * 100,
});

// The 2025 tables and the contiguous states' 2026 table as HHS published
// them. The 2026 Alaska and Hawaii tables here are round test values, not
// HHS's: these tests only need them to differ.
const GUIDELINES: PovertyGuidelines = povertyGuidelinesSchema.parse([
  {
    year: 2025,
    effectiveFrom: '2025-01-15',
    contiguous: table(15_650, 5_500),
    alaska: table(19_550, 6_880),
    hawaii: table(17_990, 6_330),
  },
  {
    year: 2026,
    effectiveFrom: '2026-01-13',
    contiguous: table(15_960, 5_680),
    alaska: table(20_000, 7_000),
    hawaii: table(18_000, 6_500),
  },
]);

/** The demo policy's tiers: free care to 200% of the guideline, 75% off to 300%, 50% off to 400%. */
const RULES: PolicyRules = policyRulesSchema.parse({
  tiers: [
    { upToPercentOfPoverty: 200, discountPercent: 100 },
    { upToPercentOfPoverty: 300, discountPercent: 75 },
    { upToPercentOfPoverty: 400, discountPercent: 50 },
  ],
  assetTest: false,
  agbBasisPoints: 3_850,
  applicationWindowDays: 240,
  missingDocumentsDays: 30,
  presumptive: ['medicaid', 'snap', 'wic', 'homelessness'],
  presumptiveDiscountPercent: 100,
  secondReviewAboveCents: 500_000,
});

const [Y2025, Y2026] = GUIDELINES as [PovertyGuidelines[0], PovertyGuidelines[0]];

describe('the poverty guideline for a household', () => {
  it('reads HHS’s table for one to eight persons', () => {
    expect(povertyGuideline(Y2026, 'contiguous', 1)).toBe(1_596_000);
    expect(povertyGuideline(Y2026, 'contiguous', 4)).toBe(3_300_000);
    expect(povertyGuideline(Y2026, 'contiguous', 8)).toBe(5_572_000);
    expect(povertyGuideline(Y2025, 'contiguous', 4)).toBe(3_215_000);
  });

  it('adds the fixed amount for each person beyond eight', () => {
    expect(povertyGuideline(Y2026, 'contiguous', 9)).toBe(5_572_000 + 568_000);
    expect(povertyGuideline(Y2026, 'contiguous', 12)).toBe(5_572_000 + 4 * 568_000);
  });

  it('uses the table of the region the household lives in', () => {
    expect(povertyGuideline(Y2025, 'alaska', 1)).toBe(1_955_000);
    expect(povertyGuideline(Y2025, 'hawaii', 2)).toBe(1_799_000 + 633_000);
  });

  it('refuses a household of no one', () => {
    expect(() => povertyGuideline(Y2026, 'contiguous', 0)).toThrow(RangeError);
    expect(() => povertyGuideline(Y2026, 'contiguous', 2.5)).toThrow(RangeError);
  });
});

describe('which year’s guidelines apply', () => {
  it('changes on the day the new year’s take effect', () => {
    expect(guidelinesOn(GUIDELINES, '2026-01-12').year).toBe(2025);
    expect(guidelinesOn(GUIDELINES, '2026-01-13').year).toBe(2026);
    expect(guidelinesOn(GUIDELINES, '2026-11-29').year).toBe(2026);
  });

  it('falls back to the oldest year before any took effect', () => {
    expect(guidelinesOn(GUIDELINES, '2024-06-01').year).toBe(2025);
  });
});

describe('income', () => {
  it('turns each frequency into a yearly figure', () => {
    expect(yearlyIncome(100_000, 'weekly')).toBe(5_200_000);
    expect(yearlyIncome(100_000, 'biweekly')).toBe(2_600_000);
    expect(yearlyIncome(100_000, 'semimonthly')).toBe(2_400_000);
    expect(yearlyIncome(100_000, 'monthly')).toBe(1_200_000);
    expect(yearlyIncome(100_000, 'yearly')).toBe(100_000);
  });

  it('is shown as a whole percentage of the guideline, rounded down', () => {
    expect(wholePercentOfPoverty(4_000_000, 3_300_000)).toBe(121);
    expect(wholePercentOfPoverty(6_599_999, 3_300_000)).toBe(199);
    expect(wholePercentOfPoverty(0, 3_300_000)).toBe(0);
  });
});

describe('the tier an income falls in (demo policy, a household of 4 in 2026: $33,000)', () => {
  const guideline = 3_300_000;
  const cases: [string, number, number | null][] = [
    ['no income', 0, 100],
    ['$40,000 (121%)', 4_000_000, 100],
    ['exactly 200%', 6_600_000, 100],
    ['one cent over 200%', 6_600_001, 75],
    ['exactly 300%', 9_900_000, 75],
    ['one cent over 300%', 9_900_001, 50],
    ['exactly 400%', 13_200_000, 50],
    ['one cent over 400%', 13_200_001, null],
  ];
  it.each(cases)('%s', (_label, income, discount) => {
    expect(tierFor(RULES, income, guideline)?.discountPercent ?? null).toBe(discount);
  });

  it('compares exactly, never on the rounded percentage', () => {
    // 199.99…% reads as 199% and 200.00…1% as 200%: the tier follows the exact figure.
    expect(withinPercent(6_600_001, guideline, 200)).toBe(false);
    expect(wholePercentOfPoverty(6_600_001, guideline)).toBe(200);
  });
});

describe('the estimate', () => {
  it('puts a household of 4 earning $40,000 in free care under the 2026 guideline (121%)', () => {
    expect(
      estimate(GUIDELINES, RULES, {
        householdSize: 4,
        yearlyIncomeCents: 4_000_000,
        region: 'contiguous',
        day: '2026-11-29',
      }),
    ).toEqual({
      guidelineYear: 2026,
      guidelineCents: 3_300_000,
      percentOfPoverty: 121,
      tier: { upToPercentOfPoverty: 200, discountPercent: 100 },
    });
  });

  it('gives no tier above every limit, which the portal shows as "you may still apply"', () => {
    const answer = estimate(GUIDELINES, RULES, {
      householdSize: 1,
      yearlyIncomeCents: 10_000_000,
      region: 'contiguous',
      day: '2026-11-29',
    });
    expect(answer).toMatchObject({ percentOfPoverty: 626, tier: null });
  });
});

describe('the configuration’s checks', () => {
  it('refuses tiers out of order, or whose discounts do not shrink', () => {
    const refused = (tiers: unknown) =>
      policyRulesSchema.safeParse({ ...RULES, tiers }).success === false;
    expect(
      refused([
        { upToPercentOfPoverty: 300, discountPercent: 75 },
        { upToPercentOfPoverty: 200, discountPercent: 100 },
      ]),
    ).toBe(true);
    expect(
      refused([
        { upToPercentOfPoverty: 200, discountPercent: 50 },
        { upToPercentOfPoverty: 300, discountPercent: 75 },
      ]),
    ).toBe(true);
    expect(refused([])).toBe(true);
  });

  it('refuses an application window shorter than the 240 days section 501(r) gives', () => {
    expect(policyRulesSchema.safeParse({ ...RULES, applicationWindowDays: 120 }).success).toBe(
      false,
    );
  });

  it('refuses a guideline table that does not grow with the household', () => {
    const flat = { bySize: Array(8).fill(1_596_000), eachAdditional: 568_000 };
    expect(guidelineTableSchema.safeParse(flat).success).toBe(false);
    expect(guidelineTableSchema.safeParse({ ...table(15_960, 5_680), bySize: [1] }).success).toBe(
      false,
    );
  });

  it('refuses years listed out of order', () => {
    expect(povertyGuidelinesSchema.safeParse([...GUIDELINES].reverse()).success).toBe(false);
  });
});
