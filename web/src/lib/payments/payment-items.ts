import type { User } from '@webpay/contracts/auth';
import {
  ENCOUNTER_TYPES,
  encounterNumber,
  planNumber,
  type Encounter,
  type PaymentPlan,
} from '@webpay/contracts/encounters';
import { fromCents, sumCents, toCents, type Cents } from '@webpay/contracts/money';
import { planFullCents } from '@webpay/contracts/outstanding';
import {
  PAYMENT_ITEM_DESCRIPTIONS,
  PAYMENT_TYPE_LABELS,
  type PaymentItem,
  type PaymentItemType,
  paymentModeSchema,
  type PaymentMode,
} from '@webpay/contracts/payments';
import { amountInputToCents } from '@/lib/amount-input.ts';

/**
 * Something on the dashboard that can take a payment amount: a main
 * encounter, a payment plan or an other-facility encounter.
 */
export interface Payable {
  /** Keys the entered amount; unique across every tab. */
  key: string;
  type: Extract<PaymentItemType, 'encounter' | 'payment_plan' | 'external'>;
  facilityId: string;
  accountNumber: string;
  description: string;
  /** What is still open; the row's controls are disabled when it is zero. */
  balanceCents: Cents;
  /** What the Full button fills in. */
  fullCents: Cents;
}

/** SPEC §3 Encounter description: facilityId-accountNumber, a bar, then the patient name. */
export function encounterDescription(encounter: Encounter): string {
  return `${encounterNumber(encounter)} | ${encounter.patientName}`;
}

/** SPEC §3 Plan description: id-version, a bar, then 'Payment Plan'. */
export function planDescription(plan: PaymentPlan): string {
  return `${planNumber(plan)} | ${PAYMENT_ITEM_DESCRIPTIONS.paymentPlan}`;
}

/** The portal's own words inside a description, in the reader's language. */
export interface DescriptionWords {
  total: string;
  custom: string;
  paymentPlan: string;
  /** What the service calls a total or custom payment on a receipt. */
  guarantor: string;
}

const PLAN_SUFFIX = ` | ${PAYMENT_ITEM_DESCRIPTIONS.paymentPlan}`;

/**
 * A description as shown: items and receipts carry SPEC's English words
 * ('Amount Due Payment', '… | Payment Plan'); these are reworded, while
 * account numbers and patient names stay as they are.
 */
export function describedIn(description: string, words: DescriptionWords): string {
  switch (description) {
    case PAYMENT_ITEM_DESCRIPTIONS.total:
      return words.total;
    case PAYMENT_ITEM_DESCRIPTIONS.custom:
      return words.custom;
    case PAYMENT_TYPE_LABELS.total:
      return words.guarantor;
  }
  return description.endsWith(PLAN_SUFFIX)
    ? `${description.slice(0, -PLAN_SUFFIX.length)} | ${words.paymentPlan}`
    : description;
}

/** A main encounter is an 'encounter' item; an other-facility one is an 'external' item. */
export function encounterPayable(encounter: Encounter): Payable {
  const balanceCents = toCents(encounter.balance);
  return {
    key: encounterNumber(encounter),
    type: encounter.type === ENCOUNTER_TYPES.otherFacility ? 'external' : 'encounter',
    facilityId: encounter.facilityId,
    accountNumber: encounter.accountNumber,
    description: encounterDescription(encounter),
    balanceCents,
    fullCents: balanceCents,
  };
}

/**
 * SPEC §3: a plan item takes its facility from the plan's first encounter and
 * the plan id as its account number. A plan without encounters falls back to
 * the central facility.
 */
export function planPayable(plan: PaymentPlan, centralFacilityId: string): Payable {
  return {
    key: `plan:${planNumber(plan)}`,
    type: 'payment_plan',
    facilityId: plan.encounters[0]?.facilityId ?? centralFacilityId,
    accountNumber: plan.id,
    description: planDescription(plan),
    balanceCents: toCents(plan.currentBalance),
    fullCents: planFullCents(plan),
  };
}

/** Entered amounts keyed by Payable.key, as the guarantor typed them. */
export type EnteredAmounts = Readonly<Record<string, string>>;

export interface Selection {
  items: PaymentItem[];
  totalCents: Cents;
}

/** SPEC §5: items with zero or empty amounts are left out of the payment. */
export function selectedItems(payables: readonly Payable[], amounts: EnteredAmounts): Selection {
  const items: PaymentItem[] = [];
  const cents: Cents[] = [];
  for (const payable of payables) {
    // Most fields of a long account are empty; this runs on every keystroke.
    const entered = amounts[payable.key];
    if (!entered) continue;
    const amountCents = amountInputToCents(entered);
    if (amountCents <= 0) continue;
    cents.push(amountCents);
    items.push({
      type: payable.type,
      facilityId: payable.facilityId,
      accountNumber: payable.accountNumber,
      description: payable.description,
      amount: fromCents(amountCents),
    });
  }
  return { items, totalCents: sumCents(cents) };
}

/** SPEC §3: total and custom items use the user's context facility and account number. */
function guarantorItem(
  type: 'total' | 'custom',
  user: Pick<User, 'context'>,
  amountCents: Cents,
): PaymentItem {
  return {
    type,
    facilityId: user.context.facility,
    accountNumber: user.context.accountNumber,
    description:
      type === 'total' ? PAYMENT_ITEM_DESCRIPTIONS.total : PAYMENT_ITEM_DESCRIPTIONS.custom,
    amount: fromCents(amountCents),
  };
}

export function totalItem(user: Pick<User, 'context'>, amountCents: Cents): PaymentItem {
  return guarantorItem('total', user, amountCents);
}

export function customItem(user: Pick<User, 'context'>, amountCents: Cents): PaymentItem {
  return guarantorItem('custom', user, amountCents);
}

/** What the payment dialog is opened with. */
export interface PaymentRequest {
  mode: PaymentMode;
  items: PaymentItem[];
}

/** SPEC §4 Payment mode: an unknown mode is an error, never quietly paid as another. */
export class UnknownPaymentModeError extends Error {
  constructor(mode: unknown) {
    super(`Unknown payment mode: ${JSON.stringify(mode)}`);
    this.name = 'UnknownPaymentModeError';
  }
}

/** The request's mode when it is one SPEC names; otherwise an UnknownPaymentModeError. */
export function checkedPaymentMode(request: { mode: unknown }): PaymentMode {
  const parsed = paymentModeSchema.safeParse(request.mode);
  if (!parsed.success) throw new UnknownPaymentModeError(request.mode);
  return parsed.data;
}

export function paymentTotalCents(items: readonly Pick<PaymentItem, 'amount'>[]): Cents {
  return sumCents(items.map((item) => toCents(item.amount)));
}
