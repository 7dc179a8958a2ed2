import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';
import { FieldError } from './field-error.tsx';

export interface RadioOption {
  value: string;
  label: string;
}

export type RadioGroupFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'value'> & {
  id: string;
  legend: string;
  hint?: ReactNode;
  error?: string;
  options: readonly RadioOption[];
};

/**
 * Native radio buttons in a fieldset: arrow keys move between them and the
 * legend names the group. Extra props (e.g. react-hook-form's register) go to
 * every radio.
 */
export function RadioGroupField({
  id,
  legend,
  hint,
  error,
  options,
  className,
  ...inputProps
}: RadioGroupFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} className={cn('flex flex-col gap-2', className)}>
      <legend className="mb-2 text-sm leading-snug font-medium">{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-0.5 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                'flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-md border border-input bg-surface px-3 py-2 text-base has-[:checked]:border-brand has-[:checked]:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                error && 'border-danger',
              )}
            >
              <input
                id={optionId}
                type="radio"
                value={option.value}
                aria-invalid={error ? true : undefined}
                // Not every screen reader reads a group's description when a radio takes focus.
                aria-describedby={errorId}
                className="size-5 shrink-0 accent-brand focus-visible:outline-none"
                {...inputProps}
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
