import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import type { PayerInput } from '@webpay/contracts/billing';
import type { Language } from '@webpay/contracts/language';
import {
  PAYMENT_METHOD_PATHS,
  cardSetupResponseSchema,
  paymentMethodSchema,
  storedCredentialConsentText,
  type PaymentMethodKind,
} from '@webpay/contracts/payment-methods';
import {
  PAYMENT_PLAN_PATHS,
  firstDueDate,
  planAuthorizationText,
  planCreatedSchema,
  planOptionsSchema,
  planSchedule,
  statementAutopayAuthorizationText,
  type AuthorizedMethod,
  type CreatePlanRequest,
  type PlanOptions,
  type ScheduledInstalment,
} from '@webpay/contracts/payment-plans';
import type { DemoGuarantor } from '../../src/demo/demo-guarantors.ts';
import type { TestServer } from '../support/test-server.ts';

/*
 * A guarantor's saved methods, card setups and portal payment plans, made
 * through the API as the portal makes them, with the authorization words
 * the service expects from them (built as the portal builds them).
 */

export type SavedMethod = AuthorizedMethod & { id: string };

export interface OwnedPlan {
  planNumber: string;
  accounts: string[];
  dayOfMonth: number;
  instalments: ScheduledInstalment[];
}

export interface Recurring {
  /** A saved bank account that stays: plans' and statements' autopay use it. */
  method: SavedMethod;
  /** A saved bank account only for removing. */
  removable: SavedMethod;
  /** A saved bank account removed with `method` named as its replacement. */
  replaced: SavedMethod;
  /** A card setup opened in the processor's window, never completed. */
  cardSetupId: string;
  /** A plan made in the portal, paid by hand. */
  plan: OwnedPlan;
  /** The words the portal shows for turning autopay on for `plan` with `method`. */
  planAutopayText: string;
  /** The words for autopay on statements with `method` up to STATEMENT_CAP_CENTS. */
  statementAutopayText: string;
  /**
   * A new plan over the account other calls pay on, with autopay on `method`
   * (demo guarantors have two eligible encounters: one is on `plan`). Made
   * after the calls that pay on it.
   */
  newPlan: Omit<CreatePlanRequest, 'paymentMethodId'>;
}

export const STATEMENT_CAP_CENTS = 50_000;
const PLAN_DAY = 15;

interface Context {
  server: TestServer;
  guarantor: DemoGuarantor;
  token: string;
}

const phoneOf = ({ server, guarantor }: Context) =>
  guarantor.supportPhone ?? server.env.WEBPAY_FALLBACK_SUPPORT_PHONE;

function consent({ server, ...context }: Context, kind: PaymentMethodKind, language: Language) {
  return {
    accepted: true,
    text: storedCredentialConsentText(language, kind, {
      payee: server.env.WEBPAY_PROVIDER_NAME,
      billingOfficePhone: phoneOf({ server, ...context }),
    }),
  };
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (response.status !== 200)
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function savedBank(
  context: Context,
  payer: PayerInput,
  accountNumber: string,
): Promise<SavedMethod> {
  const response = await context.server.api(PAYMENT_METHOD_PATHS.bank, {
    token: context.token,
    body: {
      payer,
      eCheck: { routingNumber: '011000015', accountNumber, accountType: 'CHECKING' },
      consent: consent(context, 'bank', 'en'),
    },
  });
  const method = paymentMethodSchema.parse(await expectOk(response, 'saving a bank account'));
  return { id: method.id, kind: method.kind, brand: method.brand, last4: method.last4 };
}

async function cardSetup(context: Context, payer: PayerInput): Promise<string> {
  const response = await context.server.api(PAYMENT_METHOD_PATHS.cardSetup, {
    token: context.token,
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    body: { payer, consent: consent(context, 'card', 'en') },
  });
  return cardSetupResponseSchema.parse(await expectOk(response, 'opening a card setup')).setupId;
}

function planText(
  context: Context,
  options: PlanOptions,
  plan: Omit<OwnedPlan, 'planNumber'>,
  method: AuthorizedMethod | null,
): string {
  return planAuthorizationText('en', {
    payee: context.server.env.WEBPAY_PROVIDER_NAME,
    accounts: plan.accounts,
    totalCents: plan.instalments.reduce((sum, row) => sum + row.amountCents, 0),
    instalments: plan.instalments,
    dayOfMonth: plan.dayOfMonth,
    autopayMethod: method,
    noticeDays: options.timings.fixedNoticeDays,
    changeBusinessDays: options.timings.changeBusinessDays,
    billingOfficePhone: phoneOf(context),
  });
}

/** A plan over one account in as few monthly instalments as the rules allow, at most three. */
function planTerms(options: PlanOptions, account: string) {
  const row = options.eligible.find(
    (item) => `${item.facilityId}-${item.accountNumber}` === account,
  );
  const total = row?.balanceCents ?? 0;
  const monthly = Math.max(Math.ceil(total / 3), Math.min(options.rules.minMonthlyCents, total));
  const [facilityId = '', accountNumber = ''] = account.split('-');
  return {
    plan: {
      accounts: [account],
      dayOfMonth: PLAN_DAY,
      instalments: planSchedule(total, monthly, firstDueDate(options.today, PLAN_DAY)),
    },
    request: { encounters: [{ facilityId, accountNumber }], monthlyAmountCents: monthly },
  };
}

async function createdPlan(context: Context, options: PlanOptions, account: string) {
  const { plan, request } = planTerms(options, account);
  const response = await context.server.api(PAYMENT_PLAN_PATHS.create, {
    token: context.token,
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    body: {
      ...request,
      dayOfMonth: plan.dayOfMonth,
      autopay: false,
      paymentMethodId: null,
      authorization: { accepted: true, text: planText(context, options, plan, null) },
    } satisfies CreatePlanRequest,
  });
  const created = planCreatedSchema.parse(await expectOk(response, 'making a plan'));
  return { ...plan, planNumber: created.planNumber, instalments: created.instalments };
}

/**
 * What a guarantor owns of issue #25's kinds. `payingAccount` (facility-account)
 * is the account other calls pay on: `plan` is over another one.
 */
export async function recurringOf(
  context: Context,
  payer: PayerInput,
  payingAccount: string,
): Promise<Recurring> {
  const method = await savedBank(context, payer, '123456781');
  const removable = await savedBank(context, payer, '123456782');
  const replaced = await savedBank(context, payer, '123456783');
  const cardSetupId = await cardSetup(context, payer);
  const options = planOptionsSchema.parse(
    await expectOk(
      await context.server.api(PAYMENT_PLAN_PATHS.options, { token: context.token }),
      'plan options',
    ),
  );
  const eligible = options.eligible.map((row) => `${row.facilityId}-${row.accountNumber}`);
  const planAccount = eligible.find((account) => account !== payingAccount);
  if (!planAccount || !eligible.includes(payingAccount)) {
    throw new Error(`no eligible encounter besides ${payingAccount}, or not that one`);
  }
  const plan = await createdPlan(context, options, planAccount);
  const spare = planTerms(options, payingAccount);
  return {
    method,
    removable,
    replaced,
    cardSetupId,
    plan,
    planAutopayText: planText(context, options, plan, method),
    statementAutopayText: statementAutopayAuthorizationText('en', {
      payee: context.server.env.WEBPAY_PROVIDER_NAME,
      method,
      capCents: STATEMENT_CAP_CENTS,
      noticeDays: options.timings.variableNoticeDays,
      changeBusinessDays: options.timings.changeBusinessDays,
      billingOfficePhone: phoneOf(context),
    }),
    newPlan: {
      ...spare.request,
      dayOfMonth: PLAN_DAY,
      autopay: true,
      authorization: {
        accepted: true,
        text: planText(context, options, spare.plan, method),
      },
    },
  };
}
