import type { Language } from '@webpay/contracts/language';
import type { PlanRules, PlanTermsProblem } from '@webpay/contracts/payment-plans';
import {
  ApiError,
  PAYMENT_ERROR_CODES,
  apiErrors,
  fieldText,
  type LocalText,
} from '../../lib/api-error.ts';
import { moneyIn, planWords, type PlanWords } from './plan-messages.ts';
import type { Translation } from '@webpay/contracts/language';

type Words = Translation<PlanWords>;

/** A plan message in the reader's language. */
const say =
  (pick: (words: Words, language: Language) => string): LocalText =>
  (_, language) =>
    pick(planWords(language), language);

/** The field a terms problem is about, as the request names it. */
const PROBLEM_FIELD: Record<PlanTermsProblem, string> = {
  no_encounters: 'body.encounters',
  balance_too_small: 'body.encounters',
  monthly_too_small: 'body.monthlyAmountCents',
  monthly_above_balance: 'body.monthlyAmountCents',
  too_many_months: 'body.monthlyAmountCents',
};

function problemWords(
  problem: PlanTermsProblem,
  rules: PlanRules,
  totalCents: number,
): (words: Words, language: Language) => string {
  switch (problem) {
    case 'no_encounters':
      return (words) => words.noEncounters;
    case 'balance_too_small':
      return (words, language) =>
        words.balanceTooSmall(
          moneyIn(language, totalCents),
          moneyIn(language, rules.minBalanceCents),
        );
    case 'monthly_too_small':
      return (words, language) => words.monthlyTooSmall(moneyIn(language, rules.minMonthlyCents));
    case 'monthly_above_balance':
      return (words, language) => words.monthlyAboveBalance(moneyIn(language, totalCents));
    case 'too_many_months':
      return (words, language) =>
        words.tooManyMonths(
          rules.maxMonths,
          moneyIn(
            language,
            Math.max(rules.minMonthlyCents, Math.ceil(totalCents / rules.maxMonths)),
          ),
        );
  }
}

/** The plans endpoints' refusals, as SPEC error objects. */
export const planErrors = {
  /** Not the guarantor's, not open, not a main encounter with a balance, or already on a plan: alike. */
  encountersNotFound: (fields: readonly { index: number; account: string }[]) =>
    new ApiError(
      404,
      PAYMENT_ERROR_CODES.accountNotFound,
      (m) => m.titles.accountNotFound,
      fields.map(({ index, account }) =>
        fieldText(
          `body.encounters.${index}`,
          say((words) => words.encounterNotFound(account)),
        ),
      ),
    ),
  encounterTwice: (index: number, account: string) =>
    apiErrors.validation([
      fieldText(
        `body.encounters.${index}`,
        say((words) => words.encounterTwice(account)),
      ),
    ]),
  terms: (problem: PlanTermsProblem, rules: PlanRules, totalCents: number) =>
    apiErrors.validation([
      fieldText(PROBLEM_FIELD[problem], say(problemWords(problem, rules, totalCents))),
    ]),
  methodRequired: () =>
    apiErrors.validation([
      fieldText(
        'body.paymentMethodId',
        say((words) => words.methodRequired),
      ),
    ]),
  methodNotFound: () =>
    apiErrors.validation([
      fieldText(
        'body.paymentMethodId',
        say((words) => words.methodNotFound),
      ),
    ]),
  authorizationChanged: () =>
    apiErrors.validation([
      fieldText(
        'body.authorization.text',
        say((words) => words.authorizationChanged),
      ),
    ]),
  keyReused: () =>
    new ApiError(
      409,
      PAYMENT_ERROR_CODES.idempotencyKeyReused,
      say((words) => words.keyReusedTitle),
      [say((words) => words.keyReused)],
    ),
};
