import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/** A form's submit button: busy, disabled and spinning while its request runs. */
export function SubmitButton({
  pending,
  className,
  children,
}: {
  pending: boolean;
  className?: ButtonProps['className'];
  children: ReactNode;
}) {
  return (
    <Button type="submit" className={className} disabled={pending} aria-busy={pending}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
