import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { paymentFilterMessages } from '../payment-history.messages.ts';
import { isFiltered, rangeProblem, toSearch, type PaymentFilter } from '../utils/payment-filter.ts';

export interface PaymentFilterFormProps {
  /** The range in the address; remount the form (key) when it changes. */
  filter: PaymentFilter;
  onApply: (filter: PaymentFilter) => void;
}

/** From / To dates of the payment history; a reversed range is refused here. */
export function PaymentFilterForm({ filter, onApply }: PaymentFilterFormProps) {
  const t = useMessages(paymentFilterMessages);
  const id = useId();
  const fromRef = useRef<HTMLInputElement>(null);
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [reversed, setReversed] = useState(() => Boolean(rangeProblem(filter)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = toSearch({ from, to });
    const problem = Boolean(rangeProblem(next));
    setReversed(problem);
    if (problem) {
      fromRef.current?.focus();
      return;
    }
    onApply(next);
  };

  const clear = () => {
    setFrom('');
    setTo('');
    setReversed(false);
    onApply({});
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {t.heading}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:flex lg:items-start">
        <TextField
          ref={fromRef}
          id={`${id}-from`}
          label={t.from}
          type="date"
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            setReversed(false);
          }}
          error={reversed ? t.reversed : undefined}
          wrapperClassName="lg:w-56"
        />
        <TextField
          id={`${id}-to`}
          label={t.to}
          type="date"
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
            setReversed(false);
          }}
          wrapperClassName="lg:w-56"
        />
        <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row lg:mt-6">
          <Button type="submit">{t.show}</Button>
          {(isFiltered(filter) || from || to) && (
            <Button type="button" variant="secondary" onClick={clear}>
              {t.clear}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
