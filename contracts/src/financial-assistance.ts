import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import type { Cents } from './money.ts';

/*
 * Financial assistance (issue #27): the hospital's policy as configuration,
 * the federal poverty guidelines it is measured against, and the rules the
 * estimate, the application and the review share. Everything here is pure:
 * the service loads and checks the configuration, the portal shows it.
 */

/** Where a household lives decides which of HHS's three tables applies. */
export const GUIDELINE_REGIONS = ['contiguous', 'alaska', 'hawaii'] as const;
export type GuidelineRegion = (typeof GUIDELINE_REGIONS)[number];

/** The largest household HHS lists; each further person adds a fixed amount. */
export const LISTED_HOUSEHOLD_SIZES = 8;
/** No real household is larger; a bigger figure is a typing slip. */
export const MAX_HOUSEHOLD_SIZE = 30;
/** $100,000,000 a year in cents: far above any assistance policy's reach, well inside integers. */
export const MAX_YEARLY_INCOME_CENTS: Cents = 10_000_000_000;

const centsSchema = z.number().int().nonnegative();

/** Whether each value is above the one before it. */
function rising(values: readonly number[]): boolean {
  return values.every((value, index) => index === 0 || value > (values[index - 1] ?? value));
}

/** One of HHS's tables: the guideline for 1 to 8 persons, and what each further person adds, in cents. */
const guidelineTableObject = z.object({
  bySize: z.array(centsSchema.positive()).length(LISTED_HOUSEHOLD_SIZES),
  eachAdditional: centsSchema.positive(),
});

export const guidelineTableSchema = guidelineTableObject.refine(({ bySize }) => rising(bySize), {
  message: 'each household size must have a higher guideline than the one before',
});
export type GuidelineTable = z.infer<typeof guidelineTableSchema>;

/** One year's guidelines, in effect from the day HHS gives. */
export const guidelineYearSchema = z.object({
  year: z.number().int().min(2000).max(2100),
  effectiveFrom: isoDateSchema,
  contiguous: guidelineTableSchema,
  alaska: guidelineTableSchema,
  hawaii: guidelineTableSchema,
});
export type GuidelineYear = z.infer<typeof guidelineYearSchema>;

export const povertyGuidelinesSchema = z
  .array(guidelineYearSchema)
  .min(1)
  .refine(
    (years) =>
      years.every((entry, index) => entry.effectiveFrom > (years[index - 1]?.effectiveFrom ?? '')),
    { message: 'the years must be listed oldest first, each in effect after the one before' },
  );
export type PovertyGuidelines = z.infer<typeof povertyGuidelinesSchema>;

/** The year's guidelines in effect on `day` (YYYY-MM-DD): the latest that had begun; the oldest before any. */
export function guidelinesOn(guidelines: PovertyGuidelines, day: string): GuidelineYear {
  const begun = guidelines.filter((entry) => entry.effectiveFrom <= day);
  const chosen = begun.at(-1) ?? guidelines[0];
  if (!chosen) throw new RangeError('the poverty guidelines list no year');
  return chosen;
}

/** 100% of the poverty guideline for a household of `size` in `region`, in cents. */
export function povertyGuideline(
  year: GuidelineYear,
  region: GuidelineRegion,
  size: number,
): Cents {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`a household has at least one person, not ${size}`);
  const table = year[region];
  const listed = Math.min(size, LISTED_HOUSEHOLD_SIZES);
  const base = table.bySize[listed - 1];
  if (base === undefined) throw new RangeError(`the table lists no household of ${listed}`);
  return base + (size - listed) * table.eachAdditional;
}

/** How often an income is received, as the application asks. */
export const INCOME_FREQUENCIES = [
  'weekly',
  'biweekly',
  'semimonthly',
  'monthly',
  'yearly',
] as const;
export type IncomeFrequency = (typeof INCOME_FREQUENCIES)[number];

const PAYMENTS_A_YEAR: Record<IncomeFrequency, number> = {
  weekly: 52,
  biweekly: 26,
  semimonthly: 24,
  monthly: 12,
  yearly: 1,
};

/** An income received `frequency` as a yearly figure, in cents. */
export function yearlyIncome(amount: Cents, frequency: IncomeFrequency): Cents {
  return amount * PAYMENTS_A_YEAR[frequency];
}

/**
 * A household's income as a whole percentage of its guideline, rounded
 * down, for showing (a household at 121.2% reads "121%"). Tiers are decided
 * on the exact figure (`withinPercent`), never on this rounded one.
 */
export function wholePercentOfPoverty(income: Cents, guideline: Cents): number {
  return Math.floor((income * 100) / guideline);
}

/** Whether `income` is at most `percent`% of `guideline`, exactly, in integers. */
export function withinPercent(income: Cents, guideline: Cents, percent: number): boolean {
  return income * 100 <= percent * guideline;
}

/** A discount tier: incomes up to this % of the guideline get this much off. */
export const discountTierSchema = z.object({
  upToPercentOfPoverty: z.number().int().positive().max(10_000),
  discountPercent: z.number().int().min(1).max(100),
});
export type DiscountTier = z.infer<typeof discountTierSchema>;

/** Public benefits that qualify a household without an income test (presumptive eligibility). */
export const PRESUMPTIVE_CATEGORIES = ['medicaid', 'snap', 'wic', 'homelessness'] as const;
export type PresumptiveCategory = (typeof PRESUMPTIVE_CATEGORIES)[number];

/** The figures of a facility's policy, which decide an application. */
const policyRulesObject = z.object({
  /** Lowest income band first; the first whose limit the income is within applies. */
  tiers: z.array(discountTierSchema).min(1),
  assetTest: z.boolean(),
  /** Amounts generally billed as a share of gross charges, in basis points (3850 = 38.50%). */
  agbBasisPoints: z.number().int().min(1).max(10_000),
  /** Days after the first statement following discharge in which an application is accepted. */
  applicationWindowDays: z.number().int().min(240),
  /** Days a patient has to send missing documents. */
  missingDocumentsDays: z.number().int().min(1).max(365),
  /** A qualifying benefit puts the household in this tier's discount without an income test. */
  presumptive: z.array(z.enum(PRESUMPTIVE_CATEGORIES)),
  presumptiveDiscountPercent: z.number().int().min(1).max(100),
  /** Approvals adjusting more than this need a second reviewer. */
  secondReviewAboveCents: centsSchema,
});

export const policyRulesSchema = policyRulesObject.refine(
  ({ tiers }) =>
    rising(tiers.map((tier) => tier.upToPercentOfPoverty)) &&
    rising(tiers.map((tier) => -tier.discountPercent)),
  { message: 'tiers go from the lowest income band up, each with a smaller discount' },
);
export type PolicyRules = z.infer<typeof policyRulesSchema>;

/** The tier a household's income falls in, or null above every tier's limit. */
export function tierFor(
  rules: Pick<PolicyRules, 'tiers'>,
  income: Cents,
  guideline: Cents,
): DiscountTier | null {
  return (
    rules.tiers.find((tier) => withinPercent(income, guideline, tier.upToPercentOfPoverty)) ?? null
  );
}

export const estimateRequestSchema = z.object({
  facilityId: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  householdSize: z.number().int().min(1).max(MAX_HOUSEHOLD_SIZE),
  yearlyIncomeCents: z.number().int().min(0).max(MAX_YEARLY_INCOME_CENTS),
  region: z.enum(GUIDELINE_REGIONS).optional(),
});
export type EstimateRequest = z.infer<typeof estimateRequestSchema>;

export interface Estimate {
  guidelineYear: number;
  guidelineCents: Cents;
  percentOfPoverty: number;
  /** The likely tier; null above every tier, when the patient may still apply (never a refusal). */
  tier: DiscountTier | null;
}

/** The 30-second estimate: the likely tier for a household's size and yearly income on `day`. */
export function estimate(
  guidelines: PovertyGuidelines,
  rules: Pick<PolicyRules, 'tiers'>,
  asked: { householdSize: number; yearlyIncomeCents: Cents; region: GuidelineRegion; day: string },
): Estimate {
  const year = guidelinesOn(guidelines, asked.day);
  const guideline = povertyGuideline(year, asked.region, asked.householdSize);
  return {
    guidelineYear: year.year,
    guidelineCents: guideline,
    percentOfPoverty: wholePercentOfPoverty(asked.yearlyIncomeCents, guideline),
    tier: tierFor(rules, asked.yearlyIncomeCents, guideline),
  };
}

/** One of the policy's published documents: a title and its sections, plain text paragraph by paragraph. */
export const policyDocumentSchema = z.object({
  title: z.string().min(1),
  sections: z
    .array(z.object({ heading: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) }))
    .min(1),
});
export type PolicyDocument = z.infer<typeof policyDocumentSchema>;

/**
 * What section 501(r) has a hospital publish: the financial assistance
 * policy (FAP), its plain-language summary (PLS), how to apply, and the
 * amounts-generally-billed (AGB) sheet.
 */
export const POLICY_DOCUMENTS = ['fap', 'pls', 'application', 'agb'] as const;
export type PolicyDocumentName = (typeof POLICY_DOCUMENTS)[number];

export const policyDocumentsSchema = z.object({
  fap: policyDocumentSchema,
  pls: policyDocumentSchema,
  application: policyDocumentSchema,
  agb: policyDocumentSchema,
});
export type PolicyDocuments = z.infer<typeof policyDocumentsSchema>;

/** Words given in each of the portal's languages. */
const inEachLanguage = z.object({ en: z.string().min(1), es: z.string().min(1) });

/** Who answers questions about assistance, as the documents and letters give it. */
export const assistanceContactSchema = z.object({
  phone: z.string().min(1),
  mailingAddress: z.string().min(1),
  hours: inEachLanguage,
  inPerson: inEachLanguage,
});
export type AssistanceContact = z.infer<typeof assistanceContactSchema>;

/** The contact as a reader sees it, in the reader's language. */
export const publishedContactSchema = z.object({
  phone: z.string(),
  mailingAddress: z.string(),
  hours: z.string(),
  inPerson: z.string(),
});
export type PublishedContact = z.infer<typeof publishedContactSchema>;

/** A facility's whole policy: its figures, its contact and its documents in each language. */
export const facilityPolicySchema = z.object({
  /** Which HHS table the facility's patients are measured against by default. */
  region: z.enum(GUIDELINE_REGIONS),
  rules: policyRulesSchema,
  contact: assistanceContactSchema,
  documents: z.object({ en: policyDocumentsSchema, es: policyDocumentsSchema }),
});
export type FacilityPolicy = z.infer<typeof facilityPolicySchema>;

/**
 * The hospital's configuration (FINANCIAL_ASSISTANCE_POLICY_FILE): the
 * guidelines by year, the policy every facility follows, and any facility's
 * own parts over it. Changing the policy is changing this file.
 */
export const assistanceConfigurationSchema = z.object({
  guidelines: povertyGuidelinesSchema,
  policy: facilityPolicySchema,
  facilities: z.record(z.string().regex(/^\d{1,6}$/), facilityPolicySchema.partial()).default({}),
});
export type AssistanceConfiguration = z.infer<typeof assistanceConfigurationSchema>;

/** The policy a facility follows: the hospital's, with the facility's own parts over it. */
export function policyOf(
  configuration: AssistanceConfiguration,
  facilityId?: string,
): FacilityPolicy {
  const own = facilityId === undefined ? undefined : configuration.facilities[facilityId];
  return { ...configuration.policy, ...own };
}

export const FINANCIAL_ASSISTANCE_PATHS = {
  /** GET ?facilityId: the policy as published, in the reader's language. No sign-in. */
  policy: '/financial-assistance/policy',
  /** POST EstimateRequest: the likely tier. No sign-in. */
  estimate: '/financial-assistance/estimate',
} as const;

export const policyQuerySchema = z.object({
  facilityId: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});

/** The published policy, as a reader sees it: the figures, the year's guidelines, the contact and the documents. */
export const publishedPolicySchema = z
  .object({
    facilityId: z.string().nullable(),
    region: z.enum(GUIDELINE_REGIONS),
    rules: policyRulesObject.omit({ secondReviewAboveCents: true }),
    guidelines: z.object({
      year: z.number().int(),
      effectiveFrom: isoDateSchema,
      table: guidelineTableObject,
    }),
    contact: publishedContactSchema,
    documents: policyDocumentsSchema,
  })
  .meta({ id: 'PublishedAssistancePolicy' });
export type PublishedPolicy = z.infer<typeof publishedPolicySchema>;

export const estimateSchema = z
  .object({
    guidelineYear: z.number().int(),
    guidelineCents: z.number().int(),
    percentOfPoverty: z.number().int(),
    tier: discountTierSchema.nullable(),
  })
  .meta({ id: 'AssistanceEstimate' });
