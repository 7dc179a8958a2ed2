import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';
import { FieldError } from './field-error.tsx';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  /** Shown under the label and read with the field. */
  hint?: ReactNode;
  /** Shown under the field, read with it, and marks it invalid. */
  error?: string;
  wrapperClassName?: string;
};

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function TextField({
  id,
  label,
  hint,
  error,
  wrapperClassName,
  ...inputProps
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', wrapperClassName)}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={hintId} className="-mt-0.5 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
