import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { useConsentText } from '@/lib/payments/stored-credential.ts';
import { useMessages } from '@/lib/messages.ts';
import { paymentDialogMessages } from '../payments.messages.ts';
import type { PaymentFormOutput, PaymentFormValues } from '../utils/payment-form.ts';

/**
 * "Save this card for future payments" (issue #25). Ticked, it shows the
 * stored-credential consent, which is what the card start sends: the card
 * networks ask for it at the first, customer-initiated payment.
 */
export function SaveCardField({
  form,
}: {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
}) {
  const t = useMessages(paymentDialogMessages);
  const ids = useId();
  const text = useConsentText('card');
  const checked = useWatch({ control: form.control, name: 'saveCard' });
  const textId = `${ids}-consent`;
  return (
    <div className="flex flex-col gap-2">
      <CheckboxField
        id={`${ids}-save`}
        label={t.saveCard}
        disabled={text === ''}
        aria-describedby={checked ? textId : undefined}
        {...form.register('saveCard')}
      />
      {checked && (
        <p id={textId} className="rounded-lg border border-border p-3 text-sm">
          {text}
        </p>
      )}
    </div>
  );
}
