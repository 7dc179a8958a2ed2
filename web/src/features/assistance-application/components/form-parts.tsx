import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { cn } from '@/lib/utils.ts';
import { SELECT, describedBy } from '../utils/form-styles.ts';

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-hint`} className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

export function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null;
}

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  id: string;
  label: string;
  error: string | undefined;
  options: readonly { value: string; label: string }[];
  /** The empty first choice, e.g. "Choose…". */
  placeholder?: string;
};

/** A labelled native select: the phone's own picker, read well by every screen reader. */
export function SelectField(props: SelectFieldProps) {
  const { id, label, error, options, placeholder, className, ...selectProps } = props;
  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={SELECT} {...describedBy(id, false, error)} {...selectProps}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText id={id} error={error} />
    </div>
  );
}
