import { useCallback, useRef, useState } from 'react';
import type { CardProcessor } from '@webpay/contracts/config';
import type { PaymentItem, Receipt } from '@webpay/contracts/payments';
import { useLanguage } from '@/lib/language.ts';
import { runCardPayment, type CardPaymentBody } from '../utils/card-payment-flow.ts';
import { runECheckPayment, type ECheckPaymentBody } from '../utils/echeck-payment-flow.ts';
import type { FlowResult } from '../utils/flow-result.ts';
import { GENERIC_PROBLEM, type PaymentProblem } from '../utils/payment-problems.ts';

/** SPEC §4 Payment dialog phases. */
export type PaymentPhase = 'form' | 'lightbox' | 'completing';

export type PaymentSubmission =
  { method: 'card'; body: CardPaymentBody } | { method: 'eCheck'; body: ECheckPaymentBody };

interface Attempt {
  submission: PaymentSubmission;
  fingerprint: string;
  idempotencyKey: string;
  /** The service has closed this attempt (card window ended); its key must not be sent again. */
  ended: boolean;
}

export interface UsePaymentFlowOptions {
  items: readonly PaymentItem[];
  cardProcessor: CardProcessor | undefined;
  onPaid: (receipt: Receipt) => void;
  /** Told after a 401 on payment start or ACH (SPEC §8). */
  onSessionExpired: () => void;
}

function newAttempt(submission: PaymentSubmission, fingerprint: string): Attempt {
  return { submission, fingerprint, idempotencyKey: crypto.randomUUID(), ended: false };
}

interface ExecuteAttemptOptions extends Pick<UsePaymentFlowOptions, 'items' | 'cardProcessor'> {
  setPhase: (phase: PaymentPhase) => void;
  /** Set while a card payment is being started, until the card window opens. */
  setStarting: (starting: boolean) => void;
}

/** Sends one attempt by its method: an eCheck at once, a card through the processor's window. */
function useExecuteAttempt({ items, cardProcessor, setPhase, setStarting }: ExecuteAttemptOptions) {
  const language = useLanguage();
  return useCallback(
    async (attempt: Attempt): Promise<FlowResult> => {
      const { submission, idempotencyKey } = attempt;
      if (submission.method === 'eCheck') {
        return runECheckPayment({ body: submission.body, idempotencyKey, onPhase: setPhase });
      }
      if (!cardProcessor) return { kind: 'problem', problem: GENERIC_PROBLEM };
      setStarting(true);
      return runCardPayment({
        body: submission.body,
        items,
        idempotencyKey,
        cardProcessor,
        onPhase: (next) => {
          setStarting(false);
          setPhase(next);
        },
        language,
      });
    },
    [cardProcessor, items, language, setPhase, setStarting],
  );
}

/**
 * The payment dialog's state machine. One attempt carries one
 * Idempotency-Key: sending the very same payment again (Try Again, or Pay
 * with nothing changed after a failure) reuses it, so the service charges
 * once however often the guarantor retries.
 */
export function usePaymentFlow({
  items,
  cardProcessor,
  onPaid,
  onSessionExpired,
}: UsePaymentFlowOptions) {
  const [phase, setPhase] = useState<PaymentPhase>('form');
  const [starting, setStarting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const lastAttempt = useRef<Attempt | null>(null);
  // State updates are not synchronous; a double click must still start one payment.
  const running = useRef(false);

  const execute = useExecuteAttempt({ items, cardProcessor, setPhase, setStarting });

  const run = useCallback(
    async (attempt: Attempt) => {
      if (running.current) return;
      running.current = true;
      lastAttempt.current = attempt;
      setBusy(true);
      setProblem(null);
      let result: FlowResult;
      try {
        result = await execute(attempt);
      } catch (reason) {
        console.error('The payment could not be processed', reason);
        result = { kind: 'problem', problem: GENERIC_PROBLEM };
      }
      running.current = false;
      setBusy(false);
      setStarting(false);
      setPhase('form');

      if (result.kind === 'paid') {
        lastAttempt.current = null;
        onPaid(result.receipt);
        return;
      }
      const problemRetry =
        result.kind === 'problem' && result.problem.kind === 'error'
          ? result.problem.retry
          : undefined;
      if (result.kind === 'cancelled' || problemRetry === 'fresh') attempt.ended = true;
      if (result.kind === 'problem') {
        setProblem(result.problem);
        if (result.problem.kind === 'error' && result.problem.redirecting) onSessionExpired();
      }
    },
    [execute, onPaid, onSessionExpired],
  );

  const submit = useCallback(
    (submission: PaymentSubmission) => {
      const fingerprint = JSON.stringify(submission);
      const previous = lastAttempt.current;
      const same = previous && !previous.ended && previous.fingerprint === fingerprint;
      void run(same ? previous : newAttempt(submission, fingerprint));
    },
    [run],
  );

  /** SPEC §8 Payment errors, Try Again: the same attempt, with a new key only if the service closed the old one. */
  const retry = useCallback(() => {
    const previous = lastAttempt.current;
    if (!previous) return;
    void run(previous.ended ? newAttempt(previous.submission, previous.fingerprint) : previous);
  }, [run]);

  const dismiss = useCallback(() => setProblem(null), []);

  return {
    phase,
    /** A card payment is being started: the card window is on its way. */
    starting,
    /** Close, Escape and Pay are blocked (SPEC §4). */
    processing: busy || phase !== 'form',
    problem,
    submit,
    retry,
    dismiss,
  };
}
