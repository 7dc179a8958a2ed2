import { z } from 'zod';
import { dollarAmountSchema } from './money.ts';
import { facilityIdSchema } from './facilities.ts';
import { isoDateSchema } from './dates.ts';
import type { Translation } from './language.ts';

/** SPEC §3 Pending payment: received but not yet applied by the billing office. */
export const pendingPaymentSchema = z
  .object({
    receiptId: z.string(),
    date: isoDateSchema,
    amount: dollarAmountSchema,
    /**
     * Paid through this portal. The service counts these against the balance
     * before taking another payment; payments the billing office received
     * elsewhere are shown, not counted.
     */
    madeInPortal: z.boolean().optional(),
  })
  .meta({ id: 'PendingPayment' });
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;

export const ENCOUNTER_TYPES = { main: 'ENT', otherFacility: 'EXAR' } as const;
export const encounterTypeSchema = z.enum(['ENT', 'EXAR']);

/** SPEC §3 status labels; other values are shown as they are. */
export const ENCOUNTER_STATUS_LABELS: Record<string, string> = {
  self_pay: 'Self Pay',
  payment_plan: 'On Payment Plan',
};

export const ENCOUNTER_STATUS_LABELS_ES: Translation<typeof ENCOUNTER_STATUS_LABELS> = {
  self_pay: 'Pago por cuenta propia',
  payment_plan: 'En plan de pagos',
};

/** A status in words from one language's labels; a status without a label is shown as it is. */
export function encounterStatusLabel(
  status: string,
  labels: Readonly<Record<string, string>> = ENCOUNTER_STATUS_LABELS,
): string {
  return labels[status] ?? status;
}

/** SPEC §3 Encounter. */
export const encounterSchema = z
  .object({
    facilityId: facilityIdSchema,
    accountNumber: z.string(),
    patientName: z.string(),
    status: z.string(),
    admitDate: isoDateSchema.nullable(),
    balance: dollarAmountSchema,
    pendingPayments: z.array(pendingPaymentSchema).optional(),
    type: encounterTypeSchema,
  })
  .meta({ id: 'Encounter' });
export type Encounter = z.infer<typeof encounterSchema>;

/** SPEC §3: shown together as facilityId-accountNumber. */
export function encounterNumber(
  encounter: Pick<Encounter, 'facilityId' | 'accountNumber'>,
): string {
  return `${encounter.facilityId}-${encounter.accountNumber}`;
}

export const planTypeSchema = z.enum(['Mail-in', 'Auto', 'Unknown']);
export const planStatusSchema = z.enum(['Active', 'Broken', 'Unknown']);

/** SPEC §3: a plan's type and status read as the values SPEC names them by. */
export const PLAN_TYPE_LABELS: Record<z.infer<typeof planTypeSchema>, string> = {
  'Mail-in': 'Mail-in',
  Auto: 'Auto',
  Unknown: 'Unknown',
};

export const PLAN_TYPE_LABELS_ES: Translation<typeof PLAN_TYPE_LABELS> = {
  'Mail-in': 'Por correo postal',
  Auto: 'Automático',
  Unknown: 'Desconocido',
};

export const PLAN_STATUS_LABELS: Record<z.infer<typeof planStatusSchema>, string> = {
  Active: 'Active',
  Broken: 'Broken',
  Unknown: 'Unknown',
};

export const PLAN_STATUS_LABELS_ES: Translation<typeof PLAN_STATUS_LABELS> = {
  Active: 'Activo',
  Broken: 'Incumplido',
  Unknown: 'Desconocido',
};

export const instalmentSchema = z
  .object({
    number: z.number().int().positive(),
    dueDate: isoDateSchema,
    amount: dollarAmountSchema,
    completedAt: isoDateSchema.nullable(),
  })
  .meta({ id: 'Instalment' });

/** SPEC §3 Payment plan. */
export const paymentPlanSchema = z
  .object({
    id: z.string(),
    version: z.number().int().positive(),
    type: planTypeSchema,
    status: planStatusSchema,
    nextDueDate: isoDateSchema.nullable(),
    dueAmount: dollarAmountSchema,
    overdueAmount: dollarAmountSchema,
    regularPaymentAmount: dollarAmountSchema,
    currentBalance: dollarAmountSchema,
    numberOfPayments: z.number().int().nonnegative(),
    amortization: z.array(instalmentSchema),
    encounters: z.array(encounterSchema),
    pendingPayments: z.array(pendingPaymentSchema).optional(),
  })
  .meta({ id: 'PaymentPlan' });
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** SPEC §3: shown as id-version. */
export function planNumber(plan: Pick<PaymentPlan, 'id' | 'version'>): string {
  return `${plan.id}-${plan.version}`;
}

/** SPEC §3: the completed count is the number of instalments having completedAt. */
export function completedPayments(plan: Pick<PaymentPlan, 'amortization'>): number {
  return plan.amortization.filter((instalment) => instalment.completedAt !== null).length;
}

/** GET /encounters: the signed-in guarantor's pending bills (SPEC §7). */
export const encountersResponseSchema = z
  .object({
    encounters: z.array(encounterSchema),
    paymentPlans: z.array(paymentPlanSchema),
    /**
     * Portal payments toward the whole account (Pay Total, Specify Amount),
     * which belong to no one encounter or plan; absent when there are none.
     */
    pendingPayments: z.array(pendingPaymentSchema).optional(),
  })
  .meta({ id: 'EncountersResponse' });
export type EncountersResponse = z.infer<typeof encountersResponseSchema>;
