import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

/** Decorative placeholder; the surrounding region announces the loading state. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
