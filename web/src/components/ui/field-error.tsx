import type { ComponentProps } from 'react';
import { AlertCircle } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

/** A field's error message; give it an id and point the field's aria-describedby at it. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  return (
    <p
      className={cn('flex items-start gap-1.5 text-sm text-danger-soft-foreground', className)}
      {...props}
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
