import { z } from 'zod';
import { addDays, isoDateSchema, isoDateTimeSchema } from './dates.ts';
import { facilityIdSchema } from './facilities.ts';
import { formatCentsIn, formatDateIn, type Language, type Translation } from './language.ts';
import { MAX_PAYMENT_CENTS, type Cents } from './money.ts';
import { cardBrandName, type NamedMethod } from './payment-methods.ts';

/*
 * Self-service payment plans and autopay (issue #25). A guarantor puts open
 * encounters on a plan under the hospital's rules, picks the monthly amount
 * and the day, and accepts an authorization kept word for word; autopay
 * charges a saved method for each instalment, or for each statement up to a
 * cap. The schedule and the authorization's words are worked out here, once,
 * for the portal and the service alike. Paths are relative to
 * SERVICE_BASE_PATH and need a signed-in guarantor.
 */

export const PAYMENT_PLAN_PATHS = {
  /** GET: the rules, the encounters that may go on a plan and the facility's today. */
  options: '/payment-plans/options',
  /** POST CreatePlanRequest (Idempotency-Key): answers PlanCreated. */
  create: '/payment-plans',
  /** PUT PlanAutopayRequest turns a plan's autopay on; DELETE turns it off (answers AutopayStopped). */
  planAutopay: (planNumber: string) => `/payment-plans/${encodeURIComponent(planNumber)}/autopay`,
  /** GET: AutopayOverview: what autopay is on, what is coming and what was charged. */
  autopay: '/autopay',
  /** PUT StatementAutopayRequest turns autopay on statements on; DELETE turns it off. */
  statementAutopay: '/autopay/statements',
  /** POST SkipChargeRequest: this one charge does not run; the amount stays due. */
  skip: '/autopay/skip',
} as const;

// ------------------------------------------------------------------ rules

export interface PlanRules {
  minBalanceCents: Cents;
  minMonthlyCents: Cents;
  maxMonths: number;
  /** Always 0: the portal offers interest-free plans only. */
  interestRatePercent: 0;
}

export const DEFAULT_PLAN_RULES: PlanRules = {
  minBalanceCents: 10_000,
  minMonthlyCents: 2_500,
  maxMonths: 24,
  interestRatePercent: 0,
};

/** A plan's first instalment is at least this many days away, so its notice and its change window fit. */
export const PLAN_FIRST_DUE_LEAD_DAYS = 7;
export const PLAN_DAY_OF_MONTH_MIN = 1;
export const PLAN_DAY_OF_MONTH_MAX = 28;

/** Autopay timings (each a setting on the service; these are the defaults). */
export const DEFAULT_AUTOPAY_TIMINGS = {
  /** Notice before a fixed instalment. */
  fixedNoticeDays: 3,
  /** Notice before a charge whose amount may vary (statements). */
  variableNoticeDays: 10,
  /** A declined charge is tried once more this many days later. */
  retryDays: 3,
  /** The guarantor may skip or cancel until this many business days before a charge. */
  changeBusinessDays: 3,
} as const;
export type AutopayTimings = { [K in keyof typeof DEFAULT_AUTOPAY_TIMINGS]: number };

export const planRulesSchema = z
  .object({
    minBalanceCents: z.number().int(),
    minMonthlyCents: z.number().int(),
    maxMonths: z.number().int(),
    interestRatePercent: z.literal(0),
  })
  .meta({ id: 'PlanRules' });

export type PlanTermsProblem =
  | 'no_encounters'
  | 'balance_too_small'
  | 'monthly_too_small'
  | 'monthly_above_balance'
  | 'too_many_months';

/** The least and most a month may be for a balance (min > max means no plan is possible). */
export function monthlyRange(rules: PlanRules, totalCents: Cents): { min: Cents; max: Cents } {
  return {
    min: Math.max(rules.minMonthlyCents, Math.ceil(totalCents / rules.maxMonths)),
    max: totalCents,
  };
}

/** Why these terms are refused, or null when the rules allow them. */
export function planTermsProblem(
  rules: PlanRules,
  totalCents: Cents,
  monthlyCents: Cents,
): PlanTermsProblem | null {
  if (totalCents <= 0) return 'no_encounters';
  if (totalCents < rules.minBalanceCents) return 'balance_too_small';
  if (monthlyCents > totalCents) return 'monthly_above_balance';
  if (monthlyCents < rules.minMonthlyCents) return 'monthly_too_small';
  if (Math.ceil(totalCents / monthlyCents) > rules.maxMonths) return 'too_many_months';
  return null;
}

export interface ScheduledInstalment {
  number: number;
  dueDate: string;
  amountCents: Cents;
}

/** The first `dayOfMonth` at least PLAN_FIRST_DUE_LEAD_DAYS after `today` (both `YYYY-MM-DD`). */
export function firstDueDate(today: string, dayOfMonth: number): string {
  const earliest = addDays(today, PLAN_FIRST_DUE_LEAD_DAYS);
  const [year, month, day] = earliest.split('-').map(Number) as [number, number, number];
  const sameMonth = monthDay(year, month, dayOfMonth);
  return day <= dayOfMonth ? sameMonth : monthDay(year, month + 1, dayOfMonth);
}

function monthDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * The instalments: `monthlyCents` each month on `dayOfMonth` from
 * `firstDate`, the last one what remains (never more than a month).
 */
export function planSchedule(
  totalCents: Cents,
  monthlyCents: Cents,
  firstDate: string,
): ScheduledInstalment[] {
  const count = Math.ceil(totalCents / monthlyCents);
  const [year, month, day] = firstDate.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    dueDate: monthDay(year, month + index, day),
    amountCents: index === count - 1 ? totalCents - monthlyCents * (count - 1) : monthlyCents,
  }));
}

// ----------------------------------------------------------- business days

/**
 * The last day a charge on `chargeDate` may still be skipped or cancelled:
 * `businessDays` Monday-to-Friday days before it (weekends are not counted).
 */
export function changeDeadline(chargeDate: string, businessDays: number): string {
  let day = chargeDate;
  let left = businessDays;
  while (left > 0) {
    day = addDays(day, -1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}

// ------------------------------------------------------------ authorization

/** How a method is named in an authorization: "Visa card ending in 1111". */
export type AuthorizedMethod = NamedMethod;

export interface PlanAuthorizationTerms {
  payee: string;
  /** facility-account of each encounter, in the order shown. */
  accounts: string[];
  totalCents: Cents;
  instalments: ScheduledInstalment[];
  dayOfMonth: number;
  /** Null when the guarantor pays each instalment themselves. */
  autopayMethod: AuthorizedMethod | null;
  noticeDays: number;
  changeBusinessDays: number;
  billingOfficePhone: string;
}

export interface StatementAutopayTerms {
  payee: string;
  method: AuthorizedMethod;
  capCents: Cents;
  noticeDays: number;
  changeBusinessDays: number;
  billingOfficePhone: string;
}

const PLAN_WORDING = {
  method: (method: AuthorizedMethod) =>
    method.kind === 'card'
      ? `${cardBrandName(method.brand)} card ending in ${method.last4}`
      : `${method.brand === 'SAVINGS' ? 'savings' : 'checking'} account ending in ${method.last4}`,
  plan: (payee: string, accounts: string, total: string, count: number, monthly: string) =>
    `I agree to pay ${payee} ${total} for account${accounts.includes(',') ? 's' : ''} ${accounts} in ${count} monthly payment${count === 1 ? '' : 's'} of ${monthly}, interest-free`,
  last: (last: string) => `, the last one ${last}`,
  dates: (first: string, lastDate: string, day: number) =>
    `, on day ${day} of each month from ${first} to ${lastDate}.`,
  autopay: (method: string, notice: number, change: number) =>
    ` I authorize ${method} to be charged automatically for each payment on its due date, as a recurring instalment transaction. I will receive an e-mail ${notice} days before each charge. I can skip a payment or cancel autopay in the portal until ${change} business days before its date.`,
  manual: () => ' I will make each payment myself by its due date.',
  closing: (phone: string) =>
    ` I can cancel this authorization in the portal, or by calling the billing office at ${phone}; a cancellation does not cancel the balance I owe.`,
  statement: (
    payee: string,
    method: string,
    cap: string,
    notice: number,
    change: number,
    phone: string,
  ) =>
    `I authorize ${payee} to charge ${method} automatically, on each statement's due date, for the amount due on that statement, up to ${cap} a statement. I will receive an e-mail ${notice} days before each charge stating its amount. A statement above ${cap} is not charged and I will pay it myself. I can skip a charge or cancel autopay in the portal until ${change} business days before its date, or by calling the billing office at ${phone}.`,
} as const;

const PLAN_WORDING_ES: Translation<typeof PLAN_WORDING> = {
  method: (method) =>
    method.kind === 'card'
      ? `la tarjeta ${cardBrandName(method.brand)} terminada en ${method.last4}`
      : `la cuenta ${method.brand === 'SAVINGS' ? 'de ahorros' : 'de cheques'} terminada en ${method.last4}`,
  plan: (payee, accounts, total, count, monthly) =>
    `Acepto pagar a ${payee} ${total} por ${accounts.includes(',') ? 'las cuentas' : 'la cuenta'} ${accounts} en ${count} ${count === 1 ? 'pago mensual' : 'pagos mensuales'} de ${monthly}, sin intereses`,
  last: (last) => `, el último de ${last}`,
  dates: (first, lastDate, day) =>
    `, el día ${day} de cada mes desde el ${first} hasta el ${lastDate}.`,
  autopay: (method, notice, change) =>
    ` Autorizo que se cobre automáticamente a ${method} cada pago en su fecha de vencimiento, como una transacción recurrente en cuotas. Recibiré un correo electrónico ${notice} días antes de cada cobro. Puedo omitir un pago o cancelar el pago automático en el portal hasta ${change} días hábiles antes de su fecha.`,
  manual: () => ' Haré cada pago yo mismo a más tardar en su fecha de vencimiento.',
  closing: (phone) =>
    ` Puedo cancelar esta autorización en el portal, o llamando a la oficina de facturación al ${phone}; la cancelación no cancela el saldo que debo.`,
  statement: (payee, method, cap, notice, change, phone) =>
    `Autorizo a ${payee} a cobrar automáticamente a ${method}, en la fecha de vencimiento de cada estado de cuenta, el monto adeudado en ese estado de cuenta, hasta ${cap} por estado de cuenta. Recibiré un correo electrónico ${notice} días antes de cada cobro con su monto. Un estado de cuenta de más de ${cap} no se cobra y lo pagaré yo mismo. Puedo omitir un cobro o cancelar el pago automático en el portal hasta ${change} días hábiles antes de su fecha, o llamando a la oficina de facturación al ${phone}.`,
};

function planWords(language: Language): Translation<typeof PLAN_WORDING> {
  return language === 'es' ? PLAN_WORDING_ES : PLAN_WORDING;
}

/** The plan's authorization, accepted before the plan is made and kept word for word. */
export function planAuthorizationText(language: Language, terms: PlanAuthorizationTerms): string {
  const words = planWords(language);
  const money = (cents: Cents) => formatCentsIn(language, cents);
  const first = terms.instalments[0];
  const last = terms.instalments[terms.instalments.length - 1];
  if (!first || !last) return '';
  const monthly = first.amountCents;
  const differentLast = last.amountCents !== monthly ? words.last(money(last.amountCents)) : '';
  return [
    words.plan(
      terms.payee,
      terms.accounts.join(', '),
      money(terms.totalCents),
      terms.instalments.length,
      money(monthly),
    ),
    differentLast,
    words.dates(
      formatDateIn(language, first.dueDate),
      formatDateIn(language, last.dueDate),
      terms.dayOfMonth,
    ),
    terms.autopayMethod
      ? words.autopay(words.method(terms.autopayMethod), terms.noticeDays, terms.changeBusinessDays)
      : words.manual(),
    words.closing(terms.billingOfficePhone),
  ].join('');
}

/** The authorization for autopay on statements. */
export function statementAutopayAuthorizationText(
  language: Language,
  terms: StatementAutopayTerms,
): string {
  const words = planWords(language);
  return words.statement(
    terms.payee,
    words.method(terms.method),
    formatCentsIn(language, terms.capCents),
    terms.noticeDays,
    terms.changeBusinessDays,
    terms.billingOfficePhone,
  );
}

export const PLAN_MESSAGES = {
  authorizationRequired: 'Please accept the authorization to continue',
  authorizationTextRequired: 'The text of the accepted authorization is required',
  dayOfMonth: 'Choose a day from 1 to 28',
  encountersRequired: 'Choose at least one account for the plan',
} as const;

export const PLAN_MESSAGES_ES: Translation<typeof PLAN_MESSAGES> = {
  authorizationRequired: 'Acepte la autorización para continuar',
  authorizationTextRequired: 'Se requiere el texto de la autorización aceptada',
  dayOfMonth: 'Elija un día del 1 al 28',
  encountersRequired: 'Elija al menos una cuenta para el plan',
};

/** An accepted authorization as the portal sends it, in the words it showed. */
export const acceptedAuthorizationSchema = z
  .object(
    {
      accepted: z.literal(true, { error: PLAN_MESSAGES.authorizationRequired }),
      text: z
        .string({ error: PLAN_MESSAGES.authorizationTextRequired })
        .min(1, PLAN_MESSAGES.authorizationTextRequired)
        .max(4000),
    },
    { error: PLAN_MESSAGES.authorizationRequired },
  )
  .meta({ id: 'AcceptedAuthorization' });

// ------------------------------------------------------------- the calls

export const planEncounterRefSchema = z.object({
  facilityId: facilityIdSchema,
  accountNumber: z.string().min(1).max(32),
});

export const planOptionsSchema = z
  .object({
    rules: planRulesSchema,
    /** The facility's calendar day; first due dates count from it. */
    today: isoDateSchema,
    timings: z.object({
      fixedNoticeDays: z.number().int(),
      variableNoticeDays: z.number().int(),
      retryDays: z.number().int(),
      changeBusinessDays: z.number().int(),
    }),
    /** Main encounters with a balance, not on a plan. */
    eligible: z.array(
      z.object({
        facilityId: z.string(),
        accountNumber: z.string(),
        patientName: z.string(),
        admitDate: isoDateSchema.nullable(),
        balanceCents: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PlanOptions' });
export type PlanOptions = z.infer<typeof planOptionsSchema>;

export const createPlanRequestSchema = z
  .object({
    encounters: z.array(planEncounterRefSchema).min(1, PLAN_MESSAGES.encountersRequired).max(50),
    monthlyAmountCents: z.number().int().positive().max(MAX_PAYMENT_CENTS),
    dayOfMonth: z
      .number()
      .int()
      .min(PLAN_DAY_OF_MONTH_MIN, PLAN_MESSAGES.dayOfMonth)
      .max(PLAN_DAY_OF_MONTH_MAX, PLAN_MESSAGES.dayOfMonth),
    autopay: z.boolean(),
    /** Required with autopay: one of the guarantor's saved methods. */
    paymentMethodId: z.string().min(1).max(64).nullable(),
    authorization: acceptedAuthorizationSchema,
  })
  .meta({ id: 'CreatePlanRequest' });
export type CreatePlanRequest = z.infer<typeof createPlanRequestSchema>;

export const instalmentSchema = z.object({
  number: z.number().int(),
  dueDate: isoDateSchema,
  amountCents: z.number().int(),
});

export const planCreatedSchema = z
  .object({
    planNumber: z.string(),
    version: z.number().int(),
    instalments: z.array(instalmentSchema),
    autopay: z.boolean(),
    /** Where the copy of the authorization was e-mailed; null without an address on file. */
    emailedTo: z.string().nullable(),
  })
  .meta({ id: 'PlanCreated' });
export type PlanCreated = z.infer<typeof planCreatedSchema>;

export const planAutopayRequestSchema = z
  .object({
    paymentMethodId: z.string().min(1).max(64),
    authorization: acceptedAuthorizationSchema,
  })
  .meta({ id: 'PlanAutopayRequest' });
export type PlanAutopayRequest = z.infer<typeof planAutopayRequestSchema>;

export const statementAutopayRequestSchema = z
  .object({
    paymentMethodId: z.string().min(1).max(64),
    capCents: z.number().int().positive().max(MAX_PAYMENT_CENTS),
    authorization: acceptedAuthorizationSchema,
  })
  .meta({ id: 'StatementAutopayRequest' });
export type StatementAutopayRequest = z.infer<typeof statementAutopayRequestSchema>;

export const skipChargeRequestSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('instalment'),
      planNumber: z.string().min(1).max(32),
      instalmentNumber: z.number().int().positive(),
    }),
    z.object({ kind: z.literal('statement'), statementId: z.string().min(1).max(64) }),
  ])
  .meta({ id: 'SkipChargeRequest' });
export type SkipChargeRequest = z.infer<typeof skipChargeRequestSchema>;

/** Turning autopay off: whether a charge inside the change window still runs. */
export const autopayStoppedSchema = z
  .object({
    /** A charge too close to stop (inside the change window) that will still run, or null. */
    stillCharging: z
      .object({ date: isoDateSchema, amountCents: z.number().int().nullable() })
      .nullable(),
  })
  .meta({ id: 'AutopayStopped' });
export type AutopayStopped = z.infer<typeof autopayStoppedSchema>;

export const AUTOPAY_CHARGE_STATUSES = [
  'scheduled',
  'noticed',
  'charging',
  'paid',
  'declined',
  'skipped',
  'cancelled',
  'over_cap',
] as const;
export type AutopayChargeStatus = (typeof AUTOPAY_CHARGE_STATUSES)[number];

export const upcomingChargeSchema = z.object({
  kind: z.enum(['instalment', 'statement']),
  planNumber: z.string().nullable(),
  instalmentNumber: z.number().int().nullable(),
  statementId: z.string().nullable(),
  date: isoDateSchema,
  /** Null for a statement whose amount is not known yet. */
  amountCents: z.number().int().nullable(),
  paymentMethodId: z.string(),
  /** The last day it may be skipped; after it, it runs. */
  changeableUntil: isoDateSchema,
  canSkip: z.boolean(),
  /** A second attempt after a decline. */
  retry: z.boolean(),
});
export type UpcomingCharge = z.infer<typeof upcomingChargeSchema>;

export const autopayHistoryItemSchema = z.object({
  kind: z.enum(['instalment', 'statement']),
  planNumber: z.string().nullable(),
  instalmentNumber: z.number().int().nullable(),
  date: isoDateSchema,
  amountCents: z.number().int().nullable(),
  attempt: z.number().int(),
  status: z.enum(AUTOPAY_CHARGE_STATUSES),
  receiptId: z.string().nullable(),
  /** The processor's words on a decline. */
  failure: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
});
export type AutopayHistoryItem = z.infer<typeof autopayHistoryItemSchema>;

export const autopayOverviewSchema = z
  .object({
    statement: z
      .object({
        paymentMethodId: z.string(),
        capCents: z.number().int(),
        since: isoDateTimeSchema,
      })
      .nullable(),
    plans: z.array(
      z.object({
        planNumber: z.string(),
        version: z.number().int(),
        autopay: z.boolean(),
        paymentMethodId: z.string().nullable(),
        /** Plans made in the portal can have autopay; the billing office's own plans cannot here. */
        canUseAutopay: z.boolean(),
      }),
    ),
    upcoming: z.array(upcomingChargeSchema),
    history: z.array(autopayHistoryItemSchema),
    /**
     * True while an open financial assistance application pauses autopay and
     * plan charges (unless the guarantor chose to keep paying): nothing in
     * `upcoming` is charged until the decision.
     */
    pausedByAssistance: z.boolean(),
  })
  .meta({ id: 'AutopayOverview' });
export type AutopayOverview = z.infer<typeof autopayOverviewSchema>;
