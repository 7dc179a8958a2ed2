import { describe, expect, it } from 'vitest';
import { povertyGuideline, povertyGuidelinesSchema } from '@webpay/contracts/financial-assistance';
import { SHIPPED_POVERTY_GUIDELINES } from './poverty-guidelines.ts';

/** HHS's printed rows for 1 to 8 persons and the amount for each further person, in dollars. */
const PRINTED = {
  2025: {
    contiguous: [15_650, 21_150, 26_650, 32_150, 37_650, 43_150, 48_650, 54_150, 5_500],
    alaska: [19_550, 26_430, 33_310, 40_190, 47_070, 53_950, 60_830, 67_710, 6_880],
    hawaii: [17_990, 24_320, 30_650, 36_980, 43_310, 49_640, 55_970, 62_300, 6_330],
  },
  2026: {
    contiguous: [15_960, 21_640, 27_320, 33_000, 38_680, 44_360, 50_040, 55_720, 5_680],
    alaska: [19_950, 27_050, 34_150, 41_250, 48_350, 55_450, 62_550, 69_650, 7_100],
    hawaii: [18_360, 24_890, 31_420, 37_950, 44_480, 51_010, 57_540, 64_070, 6_530],
  },
} as const;

describe('the shipped poverty guidelines', () => {
  it('pass the configuration’s own checks', () => {
    expect(povertyGuidelinesSchema.parse(SHIPPED_POVERTY_GUIDELINES)).toEqual(
      SHIPPED_POVERTY_GUIDELINES,
    );
  });

  describe.each(SHIPPED_POVERTY_GUIDELINES)('$year', (year) => {
    it.each(['contiguous', 'alaska', 'hawaii'] as const)('%s: HHS’s printed rows', (region) => {
      const printed = PRINTED[year.year as keyof typeof PRINTED][region];
      const rows = [1, 2, 3, 4, 5, 6, 7, 8].map(
        (size) => povertyGuideline(year, region, size) / 100,
      );
      expect([...rows, year[region].eachAdditional / 100]).toEqual(printed);
      expect(povertyGuideline(year, region, 9) / 100).toBe(printed[7] + printed[8]);
    });
  });
});
