import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { AuthorizationSources } from '@webpay/contracts/echeck-authorization';
import type { Cents } from '@webpay/contracts/money';
import { RadioGroupField } from '@/components/ui/radio-group-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { paymentDialogMessages } from '../payments.messages.ts';
import {
  PAYMENT_METHODS,
  type PaymentFormOutput,
  type PaymentFormValues,
} from '../utils/payment-form.ts';
import { ECheckFields } from './echeck-fields.tsx';
import { SaveCardField } from './save-card-field.tsx';

/** SPEC §2 Payment dialog, Payment Method: card (in the processor's window) or eCheck (here). */
export function PaymentMethodFields({
  form,
  totalCents,
  authorizationSources,
}: {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
  totalCents: Cents;
  authorizationSources: AuthorizationSources | undefined;
}) {
  const t = useMessages(paymentDialogMessages);
  const ids = useId();
  const method = useWatch({ control: form.control, name: 'method' });
  return (
    <div className="flex flex-col gap-4">
      <RadioGroupField
        id={`${ids}-method`}
        legend={t.methodLegend}
        hint={method === 'card' ? t.cardHint : undefined}
        options={PAYMENT_METHODS.map((value) => ({ value, label: t[value] }))}
        className="[&>legend]:font-semibold"
        {...form.register('method')}
      />
      {method === 'card' && <SaveCardField form={form} />}
      {method === 'eCheck' && (
        <ECheckFields
          form={form}
          totalCents={totalCents}
          authorizationSources={authorizationSources}
        />
      )}
    </div>
  );
}
