import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { RadioGroupField } from '@/components/ui/radio-group-field.tsx';
import type { PaymentFormOutput, PaymentFormValues } from '../utils/payment-form.ts';
import { PAYMENT_DIALOG_WORDS } from '../utils/payment-words.ts';
import { ECheckFields } from './echeck-fields.tsx';

const METHOD_OPTIONS = [
  { value: 'card', label: PAYMENT_DIALOG_WORDS.card },
  { value: 'eCheck', label: PAYMENT_DIALOG_WORDS.eCheck },
] as const;

/** SPEC §2 Payment Method: card (in the processor's window) or eCheck (here). */
export function PaymentMethodFields({
  form,
}: {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
}) {
  const ids = useId();
  const method = useWatch({ control: form.control, name: 'method' });
  return (
    <div className="flex flex-col gap-4">
      <RadioGroupField
        id={`${ids}-method`}
        legend={PAYMENT_DIALOG_WORDS.methodLegend}
        hint={method === 'card' ? PAYMENT_DIALOG_WORDS.cardHint : undefined}
        options={METHOD_OPTIONS}
        className="[&>legend]:font-semibold"
        {...form.register('method')}
      />
      {method === 'eCheck' && <ECheckFields form={form} />}
    </div>
  );
}
