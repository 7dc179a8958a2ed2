import { useEffect, useRef } from 'react';
import { AlertCircle } from 'lucide-react';
import type { ErrorObject } from '@webpay/contracts/errors';
import { TechnicalDetails } from '@/components/technical-details.tsx';
import { errorObjectRows } from '@/lib/technical-details.ts';

/**
 * SPEC §8: a refused request shown inline as the service's error object,
 * its title and first detail, with the technical details to copy. It takes
 * focus when it appears so a keyboard user starts from what went wrong.
 */
export function ApiProblem({ error }: { error: ErrorObject }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [error]);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-lg border border-danger/40 bg-danger-soft p-4 text-sm text-danger-soft-foreground focus:outline-none focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="flex gap-3">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold">{error.title}</p>
          {error.details[0] && <p>{error.details[0]}</p>}
        </div>
      </div>
      <TechnicalDetails rows={errorObjectRows(error)} />
    </div>
  );
}
