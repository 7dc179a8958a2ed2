import type { Cents } from '@webpay/contracts/money';
import { formatCentsIn, type Language, type Translation } from '@webpay/contracts/language';
import {
  firstDueDate,
  monthlyRange,
  planSchedule,
  planTermsProblem,
  type AuthorizedMethod,
  type PlanOptions,
  type PlanRules,
  type PlanTermsProblem,
  type ScheduledInstalment,
} from '@webpay/contracts/payment-plans';
import type { AuthorizationParties } from '@/lib/recurring/authorization-parties.ts';
import type { paymentPlanMessages } from '../payment-plans.messages.ts';

type Eligible = PlanOptions['eligible'][number];
type PlanWords = Translation<(typeof paymentPlanMessages)['en']>;

/** One encounter's key in the choice of accounts. */
export function encounterKey(encounter: Pick<Eligible, 'facilityId' | 'accountNumber'>): string {
  return `${encounter.facilityId}-${encounter.accountNumber}`;
}

export interface PlanFigures {
  totalCents: Cents;
  range: { min: Cents; max: Cents };
  /** Why the rules refuse these terms, or null. */
  problem: PlanTermsProblem | null;
  /** The instalments, when the rules allow the terms. */
  schedule: ScheduledInstalment[];
}

/** What the chosen accounts, monthly amount and day come to, by the rules the service applies. */
export function planFigures(
  options: Pick<PlanOptions, 'rules' | 'today' | 'eligible'>,
  selected: ReadonlySet<string>,
  monthlyCents: Cents,
  dayOfMonth: number,
): PlanFigures {
  const totalCents = options.eligible
    .filter((encounter) => selected.has(encounterKey(encounter)))
    .reduce((sum, encounter) => sum + encounter.balanceCents, 0);
  const problem = planTermsProblem(options.rules, totalCents, monthlyCents);
  const schedule =
    problem === null
      ? planSchedule(totalCents, monthlyCents, firstDueDate(options.today, dayOfMonth))
      : [];
  return { totalCents, range: monthlyRange(options.rules, totalCents), problem, schedule };
}

/** The sentence that explains a refused term, in the reader's language. */
export function problemText(
  words: PlanWords,
  language: Language,
  problem: PlanTermsProblem,
  rules: PlanRules,
  figures: Pick<PlanFigures, 'totalCents' | 'range'>,
  monthlyCents: Cents,
): string {
  const money = (cents: Cents) => formatCentsIn(language, cents);
  switch (problem) {
    case 'no_encounters':
      return words.validation.encountersRequired;
    case 'balance_too_small':
      return words.problems.balanceTooSmall(money(rules.minBalanceCents));
    case 'monthly_too_small':
      return words.problems.monthlyTooSmall(money(figures.range.min));
    case 'monthly_above_balance':
      return words.problems.monthlyAboveBalance(money(figures.totalCents));
    case 'too_many_months':
      return words.problems.tooManyMonths(
        Math.ceil(figures.totalCents / monthlyCents),
        rules.maxMonths,
        money(figures.range.min),
      );
  }
}

export interface PlanAuthorizationInput {
  encounters: readonly Pick<Eligible, 'facilityId' | 'accountNumber'>[];
  totalCents: Cents;
  schedule: ScheduledInstalment[];
  dayOfMonth: number;
  autopayMethod: AuthorizedMethod | null;
  timings: PlanOptions['timings'];
}

/** The terms of `planAuthorizationText` for a new plan. */
export function newPlanTerms(parties: AuthorizationParties, input: PlanAuthorizationInput) {
  return {
    payee: parties.payee,
    accounts: input.encounters.map(encounterKey),
    totalCents: input.totalCents,
    instalments: input.schedule,
    dayOfMonth: input.dayOfMonth,
    autopayMethod: input.autopayMethod,
    noticeDays: input.timings.fixedNoticeDays,
    changeBusinessDays: input.timings.changeBusinessDays,
    billingOfficePhone: parties.billingOfficePhone,
  };
}
