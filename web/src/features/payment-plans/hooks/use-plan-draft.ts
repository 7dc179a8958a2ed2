import { useEffect, useState } from 'react';
import {
  PLAN_DAY_OF_MONTH_MAX,
  monthlyRange,
  type PlanOptions,
} from '@webpay/contracts/payment-plans';
import { centsToAmountInput } from '@/lib/amount-input.ts';
import { useSession } from '@/lib/session.ts';
import { encounterKey } from '../utils/plan-terms.ts';

/** What the guarantor has chosen so far. */
export interface PlanDraft {
  selected: ReadonlySet<string>;
  /** The monthly amount as typed, in dollars. */
  monthly: string;
  dayOfMonth: number;
  autopay: boolean;
  methodId: string;
}

/*
 * Kept for the visit (not stored): a guarantor who leaves to add a payment
 * method finds the plan as they left it when they come back. It belongs to
 * the guarantor who made it; anyone else signing in on the page starts afresh.
 */
let kept: { owner: string; draft: PlanDraft } | null = null;

export function forgetPlanDraft(): void {
  kept = null;
}

/** Every eligible account checked; the least monthly amount; today's day of the month. */
function freshDraft(options: PlanOptions, methodId: string): PlanDraft {
  const selected = new Set(options.eligible.map(encounterKey));
  const total = options.eligible.reduce((sum, encounter) => sum + encounter.balanceCents, 0);
  const day = Number(options.today.slice(8, 10));
  return {
    selected,
    monthly: centsToAmountInput(monthlyRange(options.rules, total).min),
    dayOfMonth: Math.min(day, PLAN_DAY_OF_MONTH_MAX),
    autopay: false,
    methodId,
  };
}

/** The kept draft, limited to accounts that are still eligible. */
function restored(draft: PlanDraft, options: PlanOptions): PlanDraft {
  const eligible = new Set(options.eligible.map(encounterKey));
  return { ...draft, selected: new Set([...draft.selected].filter((key) => eligible.has(key))) };
}

export function usePlanDraft(options: PlanOptions, preferredMethodId: string) {
  const owner = useSession()?.claims.guarantor ?? '';
  const [draft, setDraft] = useState<PlanDraft>(() =>
    kept?.owner === owner ? restored(kept.draft, options) : freshDraft(options, preferredMethodId),
  );
  useEffect(() => {
    kept = { owner, draft };
  }, [owner, draft]);

  const update = (change: Partial<PlanDraft>) => setDraft((current) => ({ ...current, ...change }));
  const toggle = (key: string, checked: boolean) =>
    setDraft((current) => {
      const selected = new Set(current.selected);
      if (checked) selected.add(key);
      else selected.delete(key);
      return { ...current, selected };
    });
  // A method added since (the guarantor went to Payment Methods for one) is taken when none was chosen.
  const shown = draft.methodId ? draft : { ...draft, methodId: preferredMethodId };
  return { draft: shown, update, toggle };
}
