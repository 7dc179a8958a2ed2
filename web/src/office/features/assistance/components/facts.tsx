import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/** Label and value pairs, read as a description list; long labels wrap rather than widen a phone's page. */
export function Facts({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <dl
      className={cn(
        'grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm break-words [&_dt]:text-muted-foreground',
        className,
      )}
    >
      {children}
    </dl>
  );
}
