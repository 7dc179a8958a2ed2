import type { ComponentProps, ReactNode } from 'react';
import { AlertCircle, AlertTriangle } from 'lucide-react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils.ts';

const alertVariants = cva(
  'flex gap-3 rounded-lg border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-border bg-muted text-foreground',
        danger: 'border-danger/40 bg-danger-soft text-danger-soft-foreground',
        warning: 'border-transparent bg-warning-soft text-warning-soft-foreground',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

/** A message box; pass role="alert" for errors that must be announced. */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div className={cn(alertVariants({ variant }), className)} {...props} />;
}

const ALERT_ICONS = { danger: AlertCircle, warning: AlertTriangle } as const;

/** An announced message (role="alert") with the icon of its kind: errors and warnings on forms. */
export function AlertMessage({
  variant,
  children,
}: {
  variant: keyof typeof ALERT_ICONS;
  children: ReactNode;
}) {
  const Icon = ALERT_ICONS[variant];
  return (
    <Alert role="alert" variant={variant}>
      <Icon aria-hidden="true" />
      <p>{children}</p>
    </Alert>
  );
}
