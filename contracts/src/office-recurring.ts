import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { reasonSchema } from './office.ts';
import { paymentMethodSchema } from './payment-methods.ts';
import {
  autopayHistoryItemSchema,
  instalmentSchema,
  upcomingChargeSchema,
} from './payment-plans.ts';

/*
 * Recurring payments in the billing office console (issue #25): a
 * guarantor's saved methods (masked), the plans made in the portal, every
 * authorization behind a charge, word for word, and autopay's history.
 * Paths are relative to OFFICE_API_BASE_PATH.
 */

export const OFFICE_RECURRING_PATHS = {
  /** GET: GuarantorRecurring (audited as a look at patient data). */
  recurring: (guarantorId: string) => `/guarantors/${encodeURIComponent(guarantorId)}/recurring`,
  /** POST StaffAutopayCancel (agents and up): the plan's autopay ends; the plan stays. */
  cancelPlanAutopay: (guarantorId: string, planNumber: string) =>
    `/guarantors/${encodeURIComponent(guarantorId)}/plans/${encodeURIComponent(planNumber)}/cancel-autopay`,
  /** POST StaffAutopayCancel (agents and up): autopay on statements ends. */
  cancelStatementAutopay: (guarantorId: string) =>
    `/guarantors/${encodeURIComponent(guarantorId)}/cancel-statement-autopay`,
  /** GET: plans needing attention (an instalment overdue after the retry failed), oldest first. */
  plansNeedingAttention: '/plans/attention',
} as const;

export const AUTHORIZATION_KINDS = [
  'plan',
  'plan_autopay',
  'statement_autopay',
  'stored_credential',
] as const;

export const authorizationRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(AUTHORIZATION_KINDS),
  planNumber: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  /** Word for word, as accepted. */
  text: z.string(),
  language: z.enum(['en', 'es']),
  acceptedAt: isoDateTimeSchema,
  ipAddress: z.string().nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
  /** "guarantor" or the staff member's e-mail. */
  revokedBy: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type AuthorizationRecord = z.infer<typeof authorizationRecordSchema>;

export const officePlanSchema = z.object({
  planNumber: z.string(),
  version: z.number().int(),
  status: z.string(),
  createdAt: isoDateTimeSchema,
  totalCents: z.number().int(),
  autopay: z.boolean(),
  paymentMethodId: z.string().nullable(),
  /** When the billing feed first listed it. */
  matchedAt: isoDateTimeSchema.nullable(),
  exportedAt: isoDateTimeSchema.nullable(),
  needsAttention: z.boolean(),
  instalments: z.array(
    instalmentSchema.extend({
      status: z.enum(['due', 'paid', 'overdue', 'skipped']),
    }),
  ),
});
export type OfficePlan = z.infer<typeof officePlanSchema>;

export const guarantorRecurringSchema = z
  .object({
    methods: z.array(paymentMethodSchema.extend({ removedAt: isoDateTimeSchema.nullable() })),
    plans: z.array(officePlanSchema),
    statementAutopay: z
      .object({ paymentMethodId: z.string(), capCents: z.number().int(), since: isoDateTimeSchema })
      .nullable(),
    authorizations: z.array(authorizationRecordSchema),
    upcoming: z.array(upcomingChargeSchema),
    history: z.array(autopayHistoryItemSchema),
  })
  .meta({ id: 'GuarantorRecurring' });
export type GuarantorRecurring = z.infer<typeof guarantorRecurringSchema>;

export const staffAutopayCancelSchema = z
  .object({ reason: reasonSchema })
  .meta({ id: 'StaffAutopayCancel' });
export type StaffAutopayCancel = z.infer<typeof staffAutopayCancelSchema>;

/** What a staff cancel answers: what was done, in the reader's language. */
export const staffAutopayCancelledSchema = z
  .object({ message: z.string() })
  .meta({ id: 'StaffAutopayCancelled' });
export type StaffAutopayCancelled = z.infer<typeof staffAutopayCancelledSchema>;

export const plansNeedingAttentionSchema = z
  .object({
    plans: z.array(
      z.object({
        guarantorId: z.string(),
        guarantorName: z.string(),
        accountNumber: z.string(),
        planNumber: z.string(),
        overdueSince: z.string(),
        overdueCents: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PlansNeedingAttention' });
export type PlansNeedingAttention = z.infer<typeof plansNeedingAttentionSchema>;
