import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/** Label and value pairs, read as a description list. */
export function Facts({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <dl
      className={cn(
        'grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm [&_dt]:text-muted-foreground',
        className,
      )}
    >
      {children}
    </dl>
  );
}
