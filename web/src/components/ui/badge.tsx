import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils.ts';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        neutral: 'border-border bg-muted text-foreground',
        success: 'border-transparent bg-success-soft text-success-soft-foreground',
        danger: 'border-transparent bg-danger-soft text-danger-soft-foreground',
        warning: 'border-transparent bg-warning-soft text-warning-soft-foreground',
        info: 'border-transparent bg-info-soft text-info-soft-foreground',
        count: 'min-w-5 justify-center border-transparent bg-danger px-1.5 text-danger-foreground',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}
