import { addDays } from '@webpay/contracts/dates';
import type { GuarantorRecurring, OfficePlan } from '@webpay/contracts/office-recurring';
import { CARD_EXPIRY_WARNING_DAYS, cardExpiresOn } from '@webpay/contracts/payment-methods';
import {
  changeDeadline,
  type AutopayHistoryItem,
  type UpcomingCharge,
} from '@webpay/contracts/payment-plans';
import type {
  AuthorizationRow,
  ChargeRow,
  InstalmentRow,
  MethodRow,
  PlanRow,
} from './office-recurring.repository.ts';

/*
 * How the console shows a guarantor's recurring payments, worked out from
 * the rows alone (no clock but the facility's `today` handed in), so it can
 * be checked without a database.
 */

type MethodView = GuarantorRecurring['methods'][number];
type InstalmentView = OfficePlan['instalments'][number];

/** Charges not decided yet: shown as coming, not in the history. */
const LIVE_CHARGES = new Set<ChargeRow['status']>(['scheduled', 'noticed', 'charging']);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The holder's name as entered with the method. */
function holderName(holder: Record<string, string | null>): string {
  return [holder.firstName, holder.lastName].filter(Boolean).join(' ').trim();
}

/** A method, masked: brand, last four and expiry only. */
export function methodView(
  row: MethodRow,
  usedBy: MethodView['usedBy'],
  today: string,
): MethodView {
  const expiresOn = row.kind === 'card' && row.cardExpiry ? cardExpiresOn(row.cardExpiry) : null;
  const expired = expiresOn !== null && expiresOn < today;
  return {
    id: row.id,
    kind: row.kind,
    brand: row.brand,
    last4: row.last4,
    expiry: row.cardExpiry ? `${row.cardExpiry.slice(0, 2)}/${row.cardExpiry.slice(2, 4)}` : null,
    expiresOn,
    expiringSoon:
      expiresOn !== null && !expired && expiresOn <= addDays(today, CARD_EXPIRY_WARNING_DAYS),
    expired,
    holderName: holderName(row.holder),
    isDefault: row.isDefault && row.removedAt === null,
    usedBy: row.removedAt ? [] : usedBy,
    createdAt: row.createdAt.toISOString(),
    removedAt: iso(row.removedAt),
  };
}

/** What uses each method now: the open plans whose autopay charges it, and statement autopay. */
export function methodUses(
  plans: readonly PlanRow[],
  statementMethodId: string | null,
): Map<string, MethodView['usedBy']> {
  const uses = new Map<string, MethodView['usedBy']>();
  const add = (id: string, use: MethodView['usedBy'][number]) =>
    uses.set(id, [...(uses.get(id) ?? []), use]);
  for (const plan of plans) {
    if (plan.autopayMethodId && !plan.closedAt) {
      add(plan.autopayMethodId, {
        kind: 'plan',
        planNumber: plan.planNumber,
        planVersion: plan.version,
      });
    }
  }
  if (statementMethodId) add(statementMethodId, { kind: 'statement_autopay' });
  return uses;
}

/** Paid; overdue once its day has passed unpaid (a skipped one too: it stays due); skipped; due. */
export function instalmentStatus(row: InstalmentRow, today: string): InstalmentView['status'] {
  if (row.completedAt) return 'paid';
  if (row.dueDate < today) return 'overdue';
  if (row.skippedAt) return 'skipped';
  return 'due';
}

export function planView(plan: PlanRow, instalments: readonly InstalmentRow[], today: string) {
  return {
    planNumber: plan.planNumber,
    version: plan.version,
    status: plan.status,
    createdAt: plan.createdAt.toISOString(),
    totalCents: plan.totalCents ?? instalments.reduce((sum, row) => sum + row.amountCents, 0),
    autopay: plan.autopayMethodId !== null,
    paymentMethodId: plan.autopayMethodId,
    matchedAt: iso(plan.matchedAt),
    exportedAt: iso(plan.exportedAt),
    needsAttention: plan.needsAttentionSince !== null,
    instalments: instalments.map((row) => ({
      number: row.number,
      dueDate: row.dueDate,
      amountCents: row.amountCents,
      status: instalmentStatus(row, today),
    })),
  } satisfies OfficePlan;
}

/** Word for word; "guarantor" or the staff member's e-mail for who revoked it. */
export function authorizationView(
  row: AuthorizationRow,
): GuarantorRecurring['authorizations'][number] {
  return {
    id: row.id,
    kind: row.kind,
    planNumber: row.planNumber,
    paymentMethodId: row.paymentMethodId,
    text: row.text,
    language: row.language,
    acceptedAt: row.acceptedAt.toISOString(),
    ipAddress: row.ipAddress,
    revokedAt: iso(row.revokedAt),
    revokedBy: row.revokedBy === null ? null : (row.revokedByStaffEmail ?? row.revokedBy),
    revokeReason: row.revokeReason,
  };
}

export function historyView(charges: readonly ChargeRow[]): AutopayHistoryItem[] {
  return charges
    .filter((charge) => !LIVE_CHARGES.has(charge.status))
    .map((charge) => ({
      kind: charge.kind,
      planNumber: charge.planNumber,
      instalmentNumber: charge.instalmentNumber,
      date: charge.chargeDate,
      amountCents: charge.amountCents,
      attempt: charge.attempt,
      status: charge.status,
      receiptId: charge.receiptId,
      failure: charge.failureMessage,
      paymentMethodId: charge.paymentMethodId,
    }));
}

interface UpcomingInput {
  charges: readonly ChargeRow[];
  plans: readonly PlanRow[];
  instalments: readonly InstalmentRow[];
  today: string;
  changeBusinessDays: number;
}

/**
 * What autopay will charge: the attempts already noticed or under way, and
 * the later instalments of plans with autopay on that have no attempt yet.
 */
export function upcomingView(input: UpcomingInput): UpcomingCharge[] {
  const { today, changeBusinessDays } = input;
  const charge = (
    base: Omit<UpcomingCharge, 'changeableUntil' | 'canSkip'>,
    running: boolean,
  ): UpcomingCharge => {
    const changeableUntil = changeDeadline(base.date, changeBusinessDays);
    return { ...base, changeableUntil, canSkip: !running && today <= changeableUntil };
  };
  const live = input.charges.filter((row) => LIVE_CHARGES.has(row.status));
  const noticed = live.map((row) =>
    charge(
      {
        kind: row.kind,
        planNumber: row.planNumber,
        instalmentNumber: row.instalmentNumber,
        statementId: row.statementId,
        date: row.chargeDate,
        amountCents: row.amountCents,
        paymentMethodId: row.paymentMethodId,
        retry: row.attempt > 1,
      },
      row.status === 'charging',
    ),
  );
  // An instalment with any attempt is accounted for by it (coming, or in the history).
  const decided = new Set(input.charges.map((row) => `${row.planNumber}#${row.instalmentNumber}`));
  const planned = input.plans.flatMap((plan) => {
    const methodId = plan.autopayMethodId;
    if (!methodId || plan.closedAt) return [];
    return input.instalments
      .filter((row) => row.planId === plan.id && !row.completedAt && !row.skippedAt)
      .filter((row) => row.dueDate >= today)
      .filter((row) => !decided.has(`${plan.planNumber}#${row.number}`))
      .map((row) =>
        charge(
          {
            kind: 'instalment',
            planNumber: plan.planNumber,
            instalmentNumber: row.number,
            statementId: null,
            date: row.dueDate,
            amountCents: row.amountCents,
            paymentMethodId: methodId,
            retry: false,
          },
          false,
        ),
      );
  });
  return [...noticed, ...planned].sort((a, b) => a.date.localeCompare(b.date));
}
