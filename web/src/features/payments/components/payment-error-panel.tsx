import type { Ref } from 'react';
import { AlertCircle } from 'lucide-react';
import { TechnicalDetails } from '@/components/technical-details.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { errorObjectRows } from '@/lib/technical-details.ts';
import { paymentErrorMessages } from '../payments.messages.ts';
import type { PaymentProblem } from '../utils/payment-problems.ts';

export interface PaymentErrorPanelProps {
  problem: PaymentProblem;
  onDismiss: () => void;
  onRetry: () => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * SPEC §8 Payment errors: the red panel. It takes focus when it appears so
 * a keyboard user starts from what went wrong.
 */
export function PaymentErrorPanel({ problem, onDismiss, onRetry, ref }: PaymentErrorPanelProps) {
  const t = useMessages(paymentErrorMessages);
  const error = problem.kind === 'error' ? problem.error : null;
  const canRetry = problem.kind === 'generic' || problem.retry !== 'none';
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-lg border border-danger/40 bg-danger-soft p-4 text-sm text-danger-soft-foreground focus:outline-none focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="flex gap-3">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="flex min-w-0 flex-col gap-1">
          {error ? (
            <>
              <p className="font-semibold">{error.title}</p>
              {error.details[0] && <p>{error.details[0]}</p>}
            </>
          ) : (
            problem.kind === 'generic' && <p className="font-semibold">{t.processingFailed}</p>
          )}
          {problem.kind === 'error' && problem.redirecting && <p>{t.redirecting}</p>}
        </div>
      </div>
      {error && <TechnicalDetails rows={errorObjectRows(error)} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" size="sm" onClick={onDismiss}>
          {t.dismiss}
        </Button>
        {canRetry && (
          <Button type="button" variant="danger" size="sm" onClick={onRetry}>
            {t.tryAgain}
          </Button>
        )}
      </div>
    </div>
  );
}
