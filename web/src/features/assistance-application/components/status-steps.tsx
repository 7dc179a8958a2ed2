import { Check } from 'lucide-react';
import { isOpen, type Tracker } from '@webpay/contracts/assistance-application';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { trackerMessages } from '../assistance-application.messages.ts';
import { statusSteps } from '../utils/status-steps.ts';

/** The status as a row of steps for the eye, and as one sentence for a screen reader. */
export function StatusSteps({ tracker }: { tracker: Pick<Tracker, 'status' | 'timeline'> }) {
  const t = useMessages(trackerMessages);
  const steps = statusSteps(tracker);
  const current = steps.lastIndexOf(tracker.status);
  // An open application still has its decision ahead.
  const shown = isOpen(tracker.status) ? [...steps, null] : steps;
  return (
    <div>
      <p className="sr-only">
        {t.statusSentence(t.statuses[tracker.status], current + 1, shown.length)}
      </p>
      <ol aria-hidden="true" className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        {shown.map((status, index) => (
          <li key={status ?? 'decision'} className="flex items-center gap-2">
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                index < current && 'border-brand bg-brand text-brand-foreground',
                index === current && 'border-brand ring-2 ring-brand',
                index > current && 'border-border text-muted-foreground',
              )}
            >
              {index < current ? <Check className="size-4" /> : index + 1}
            </span>
            <span
              className={cn(
                'text-sm',
                index === current ? 'font-semibold' : 'text-muted-foreground',
              )}
            >
              {status ? t.statuses[status] : t.decision}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
