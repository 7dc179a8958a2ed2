import type { GuidelineTable, PovertyGuidelines } from '@webpay/contracts/financial-assistance';

/*
 * The HHS poverty guidelines WebPay ships (100% of the guideline, yearly,
 * in cents) for the 48 contiguous states and DC, Alaska and Hawaii: 2025,
 * in effect from January 15, 2025, and 2026 (91 FR 1797, FR Doc
 * 2026-00755), in effect from January 13, 2026. HHS builds each table as
 * the amount for one person plus a fixed amount for each further person,
 * so the rows for 1 to 8 persons follow from those two figures
 * (poverty-guidelines.test.ts checks them against HHS's printed rows). A
 * hospital adds a later year in its policy file, without code
 * (docs/financial-assistance.md).
 */

/** HHS's table from its one-person amount and what each further person adds, in dollars. */
function hhsTable(onePerson: number, eachAdditional: number): GuidelineTable {
  return {
    bySize: Array.from({ length: 8 }, (_, extra) => (onePerson + extra * eachAdditional) * 100),
    eachAdditional: eachAdditional * 100,
  };
}

export const SHIPPED_POVERTY_GUIDELINES: PovertyGuidelines = [
  {
    year: 2025,
    effectiveFrom: '2025-01-15',
    contiguous: hhsTable(15_650, 5_500),
    alaska: hhsTable(19_550, 6_880),
    hawaii: hhsTable(17_990, 6_330),
  },
  {
    year: 2026,
    effectiveFrom: '2026-01-13',
    contiguous: hhsTable(15_960, 5_680),
    alaska: hhsTable(19_950, 7_100),
    hawaii: hhsTable(18_360, 6_530),
  },
];
