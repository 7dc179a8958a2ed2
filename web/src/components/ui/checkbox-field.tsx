import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

export type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  id: string;
  label: ReactNode;
  labelClassName?: string;
};

/**
 * A native checkbox with its label as a 44px target. Extra props (e.g.
 * react-hook-form's register, aria-describedby) go to the input.
 */
export function CheckboxField({ id, label, labelClassName, ...inputProps }: CheckboxFieldProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium',
        labelClassName,
      )}
    >
      <input id={id} type="checkbox" className="size-5 shrink-0 accent-brand" {...inputProps} />
      {label}
    </label>
  );
}
