import type { ComponentProps } from 'react';
import { sanitizeAmountInput } from '@/lib/amount-input.ts';
import { cn } from '@/lib/utils.ts';

export type AmountInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A dollar amount field that only ever holds digits and at most two decimals (SPEC §5). */
export function AmountInput({ value, onValueChange, className, ...props }: AmountInputProps) {
  return (
    <div className={cn('relative', className)}>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
      >
        $
      </span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={value}
        onChange={(event) => onValueChange(sanitizeAmountInput(event.target.value, value))}
        className="flex min-h-11 w-full min-w-0 rounded-md border border-input bg-surface py-2 pr-3 pl-7 text-right text-base text-surface-foreground tabular-nums shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-danger"
        {...props}
      />
    </div>
  );
}
