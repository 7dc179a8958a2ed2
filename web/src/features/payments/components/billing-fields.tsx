import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field.tsx';
import type { PaymentFormOutput, PaymentFormValues } from '../utils/payment-form.ts';
import { PAYMENT_DIALOG_WORDS } from '../utils/payment-words.ts';
import { StateSelectField } from './state-select-field.tsx';

/** SPEC §2 / §5 Billing Information: what the card processor checks the card holder against. */
export function BillingFields({
  form,
}: {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
}) {
  const ids = useId();
  const headingId = `${ids}-heading`;
  const { errors } = form.formState;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-sm font-semibold">
        {PAYMENT_DIALOG_WORDS.billingHeading}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${ids}-first-name`}
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id={`${ids}-last-name`}
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id={`${ids}-address`}
        label="Address"
        autoComplete="address-line1"
        error={errors.address?.message}
        {...form.register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1.5fr]">
        <TextField
          id={`${ids}-city`}
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register('city')}
        />
        <StateSelectField
          id={`${ids}-state`}
          label="State"
          autoComplete="address-level1"
          error={errors.state?.message}
          {...form.register('state')}
        />
        <TextField
          id={`${ids}-zip`}
          label="ZIP code"
          autoComplete="postal-code"
          error={errors.zipCode?.message}
          {...form.register('zipCode')}
        />
      </div>
    </section>
  );
}
