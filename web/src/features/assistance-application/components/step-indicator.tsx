import { Check } from 'lucide-react';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import { STEPS, type Step } from '../utils/application-form.ts';

/**
 * "Step 2 of 6" and the steps as numbered dots; on a phone only the current
 * step's name shows, the others are read by screen readers.
 */
export function StepIndicator({ step }: { step: Step }) {
  const t = useMessages(applyMessages);
  const current = STEPS.indexOf(step);
  return (
    <nav aria-label={t.progress} className="flex flex-col gap-2">
      <p className="text-sm font-medium text-muted-foreground">
        {t.stepOf(current + 1, STEPS.length)}
      </p>
      <ol className="flex items-center gap-1 sm:gap-2">
        {STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === current ? 'step' : undefined}
            className="flex min-w-0 flex-1 items-center gap-2"
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums',
                index < current && 'border-brand bg-brand text-brand-foreground',
                index === current && 'border-brand text-foreground ring-2 ring-brand',
                index > current && 'border-border text-muted-foreground',
              )}
            >
              {index < current ? <Check className="size-4" /> : index + 1}
            </span>
            <span
              className={cn(
                'sr-only truncate text-xs lg:not-sr-only',
                index === current && 'font-semibold',
              )}
            >
              {t.steps[name]}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
