import { useCallback, useMemo, useRef, useState } from 'react';
import type { EncountersResponse } from '@webpay/contracts/encounters';
import { ERROR_CODES } from '@webpay/contracts/errors';
import { formatCents } from '@webpay/contracts/money';
import type { PaymentItem } from '@webpay/contracts/payments';
import { useMessages } from '@/lib/messages.ts';
import { pendingQuestionMessages } from '../payments.messages.ts';
import { itemDescriptionMessages } from '@/lib/payments/payment-words.messages.ts';
import { describedIn } from '@/lib/payments/payment-items.ts';
import type { PaymentProblem } from '../utils/payment-problems.ts';
import { pendingOnItem } from '../utils/pending-on-items.ts';

/** One account the question is about: what the line is, and what is pending on it. */
export interface QuestionedLine {
  key: string;
  /** Absent when the service worded the whole sentence. */
  description?: string;
  text: string;
}

/** The service refused because something is pending that the dashboard did not show yet. */
export function isPendingRefusal(
  problem: PaymentProblem | null,
): problem is Extract<PaymentProblem, { kind: 'error' }> {
  return problem?.kind === 'error' && problem.error.code === ERROR_CODES.pendingPaymentExists;
}

export interface UsePendingQuestionOptions {
  items: readonly PaymentItem[];
  /** The pending bills the dialog was opened from; without them nothing is known to be pending. */
  bills: EncountersResponse | undefined;
  problem: PaymentProblem | null;
}

/**
 * Decision 0016: what is pending under each line, and the question asked
 * before paying beyond it, from the dashboard's figures or, when the service
 * knew of more (a payment open in another tab), from its refusal.
 */
export function usePendingQuestion({ items, bills, problem }: UsePendingQuestionOptions) {
  const t = useMessages(pendingQuestionMessages);
  const descriptions = useMessages(itemDescriptionMessages);
  const [acknowledged, setAcknowledged] = useState(false);
  const [attention, setAttention] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  const standing = useMemo(() => items.map((item) => pendingOnItem(item, bills)), [items, bills]);
  const lines = useMemo<QuestionedLine[]>(() => {
    if (isPendingRefusal(problem)) {
      return problem.error.details.map((text, index) => ({ key: `service-${index}`, text }));
    }
    return items.flatMap((item, index) => {
      const pending = standing[index];
      if (!pending?.asks) return [];
      return [
        {
          key: `${item.type}:${item.facilityId}:${item.accountNumber}`,
          description: describedIn(item.description, descriptions),
          text: t.onThisAccount(formatCents(pending.pendingCents)),
        },
      ];
    });
  }, [problem, items, standing, descriptions, t]);

  const acknowledge = useCallback(() => {
    setAcknowledged(true);
    setAttention(false);
  }, []);

  /** Before paying: false, with the question brought to the guarantor, while it is unanswered. */
  const answered = useCallback(() => {
    if (acknowledged || lines.length === 0) return true;
    setAttention(true);
    ref.current?.focus();
    return false;
  }, [acknowledged, lines.length]);

  return {
    /** Per item, in order: what is already pending on its account, in cents. */
    pendingCents: standing.map((pending) => pending.pendingCents),
    lines,
    acknowledged,
    attention,
    acknowledge,
    answered,
    ref,
  };
}
