import type { ComponentProps } from 'react';
import { US_STATES } from '@webpay/contracts/billing';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { cn } from '@/lib/utils.ts';

export type StateSelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  id: string;
  label: string;
  /** The empty first choice, asking for a state. */
  prompt: string;
  error?: string;
  wrapperClassName?: string;
};

/**
 * SPEC §5 State: a native list of the US states and territories, which every
 * phone shows as its own picker and every screen reader knows.
 */
export function StateSelectField({
  id,
  label,
  prompt,
  error,
  wrapperClassName,
  className,
  ...selectProps
}: StateSelectFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-2', wrapperClassName)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={cn(
          'flex min-h-11 w-full min-w-0 rounded-md border border-input bg-surface px-3 py-2 text-base text-surface-foreground shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-danger',
          className,
        )}
        {...selectProps}
      >
        <option value="">{prompt}</option>
        {US_STATES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
