import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { PAYMENT_FORM_VALIDATION, paymentDialogMessages } from '../payments.messages.ts';
import type { PaymentFormValues } from '../utils/payment-form.ts';
import { StateSelectField } from './state-select-field.tsx';

/** SPEC §2 Payment dialog / §5 Billing form, Billing Information: what the card processor checks the card holder against. */
/** The billing fields of any form that has them: the payment form, or a saved method's (issue #25). */
export type BillingFormValues = Pick<
  PaymentFormValues,
  'firstName' | 'lastName' | 'address' | 'city' | 'state' | 'zipCode'
>;

export function BillingFields({
  form,
}: {
  form: Pick<UseFormReturn<BillingFormValues>, 'register' | 'formState'>;
}) {
  const t = useMessages(paymentDialogMessages);
  const shown = useValidationText(PAYMENT_FORM_VALIDATION);
  const ids = useId();
  const headingId = `${ids}-heading`;
  const { errors } = form.formState;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-sm font-semibold">
        {t.billingHeading}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${ids}-first-name`}
          label={t.firstName}
          autoComplete="given-name"
          error={shown(errors.firstName?.message)}
          {...form.register('firstName')}
        />
        <TextField
          id={`${ids}-last-name`}
          label={t.lastName}
          autoComplete="family-name"
          error={shown(errors.lastName?.message)}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id={`${ids}-address`}
        label={t.address}
        autoComplete="address-line1"
        error={shown(errors.address?.message)}
        {...form.register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1.5fr]">
        <TextField
          id={`${ids}-city`}
          label={t.city}
          autoComplete="address-level2"
          error={shown(errors.city?.message)}
          {...form.register('city')}
        />
        <StateSelectField
          id={`${ids}-state`}
          label={t.state}
          prompt={t.selectState}
          autoComplete="address-level1"
          error={shown(errors.state?.message)}
          {...form.register('state')}
        />
        <TextField
          id={`${ids}-zip`}
          label={t.zipCode}
          autoComplete="postal-code"
          error={shown(errors.zipCode?.message)}
          {...form.register('zipCode')}
        />
      </div>
    </section>
  );
}
