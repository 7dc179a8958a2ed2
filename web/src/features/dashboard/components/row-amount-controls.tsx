import { memo, useId, useRef } from 'react';
import { AmountInput } from '@/components/ui/amount-input.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import type { Payable } from '@/lib/payments/payment-items.ts';
import { centsToAmountInput } from '@/lib/amount-input.ts';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { dashboardMessages } from '../dashboard.messages.ts';

export interface RowAmountControlsProps {
  payable: Payable;
  /** The row's name in labels, e.g. '107-40010001' or 'PP-7001-1'. */
  label: string;
  value: string;
  onValueChange: (key: string, value: string) => void;
  /** A message under the field, e.g. 'Amount exceeds balance'. */
  error?: string;
  className?: string;
}

/**
 * SPEC §2 Per-item rows and §5: the amount field with Full (fills what is owed
 * and focuses the field) and Clear; all disabled when nothing is open.
 * Memoised so typing in one row of a long account re-renders only that row.
 */
export const RowAmountControls = memo(function RowAmountControls({
  payable,
  label,
  value,
  onValueChange,
  error,
  className,
}: RowAmountControlsProps) {
  const t = useMessages(dashboardMessages);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const disabled = payable.balanceCents <= 0;
  return (
    <div className={cn('flex flex-col items-stretch gap-1 md:items-end', className)}>
      <div className="flex flex-wrap items-center justify-end gap-1.5">
        <AmountInput
          ref={input}
          className="w-32"
          aria-label={t.amountControls.field(label)}
          value={value}
          onValueChange={(next) => onValueChange(payable.key, next)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="min-h-11"
          aria-label={t.amountControls.full(label)}
          disabled={disabled}
          onClick={() => {
            onValueChange(payable.key, centsToAmountInput(payable.fullCents));
            input.current?.focus();
          }}
        >
          {t.labels.full}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="min-h-11"
          aria-label={t.amountControls.clear(label)}
          disabled={disabled}
          onClick={() => onValueChange(payable.key, '')}
        >
          {t.labels.clear}
        </Button>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
});
