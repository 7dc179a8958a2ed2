import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

/*
 * The focus ring follows :focus-visible, except on a date field: once
 * Chromium's calendar has been opened from it, focus stays on the field's
 * own calendar button inside it, the field matches neither :focus-visible
 * nor :focus, and only the browser's small box around the button shows. A
 * date field takes typing like a text field, which always shows the ring, so
 * it shows it while focus is anywhere within it.
 */
const RING = {
  visible: 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  within: 'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
};

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex min-h-11 w-full min-w-0 rounded-md border border-input bg-surface px-3 py-2 text-base text-surface-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-danger motion-reduce:transition-none',
        type === 'date' ? RING.within : RING.visible,
        className,
      )}
      {...props}
    />
  );
}
