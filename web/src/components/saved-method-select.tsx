import { useId } from 'react';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import { FieldError } from '@/components/ui/field-error.tsx';
import { chargeableMethods, useMethodLabel } from '@/lib/recurring/saved-methods.ts';

export interface SavedMethodSelectProps {
  label: string;
  methods: readonly PaymentMethod[];
  /** A method id, or '' for none chosen yet. */
  value: string;
  onChange: (id: string) => void;
  /** Said under the field when it must be chosen and is not. */
  error?: string;
}

/** The saved methods that can still be charged, named as the authorization names them. */
export function SavedMethodSelect({
  label,
  methods,
  value,
  onChange,
  error,
}: SavedMethodSelectProps) {
  const id = useId();
  const name = useMethodLabel(methods);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-11 w-full rounded-md border border-input bg-surface px-3 text-base text-surface-foreground sm:max-w-md"
      >
        <option value="" disabled>
          {label}
        </option>
        {chargeableMethods(methods).map((method) => (
          <option key={method.id} value={method.id}>
            {name(method.id)}
          </option>
        ))}
      </select>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
