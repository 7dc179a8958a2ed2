import { useId, type ChangeEvent } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { ACCOUNT_TYPES } from '@webpay/contracts/billing';
import type { AuthorizationSources } from '@webpay/contracts/echeck-authorization';
import type { Cents } from '@webpay/contracts/money';
import { RadioGroupField } from '@/components/ui/radio-group-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { PAYMENT_FORM_VALIDATION, paymentDialogMessages } from '../payments.messages.ts';
import { accountTypeMessages } from '@/lib/payments/payment-words.messages.ts';
import {
  ACCOUNT_NUMBER_MAX,
  digitsOnly,
  ROUTING_NUMBER_MAX,
  type PaymentFormOutput,
  type PaymentFormValues,
} from '../utils/payment-form.ts';
import { ECheckAuthorizationField } from './echeck-authorization-field.tsx';

type NumberField = 'routingNumber' | 'accountNumber';

/**
 * SPEC §5 eCheck. The numbers are checked when the guarantor leaves a field
 * (and before paying), not while they are still typing them.
 */
export function ECheckFields({
  form,
  totalCents,
  authorizationSources,
}: {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
  totalCents: Cents;
  authorizationSources: AuthorizationSources | undefined;
}) {
  const t = useMessages(paymentDialogMessages);
  const accountTypes = useMessages(accountTypeMessages);
  const shown = useValidationText(PAYMENT_FORM_VALIDATION);
  const ids = useId();
  const { errors, touchedFields, isSubmitted } = useFormState({ control: form.control });

  const numberField = (name: NumberField, max: number) => {
    const registered = form.register(name, { onBlur: () => void form.trigger(name) });
    return {
      ...registered,
      inputMode: 'numeric' as const,
      maxLength: max,
      autoComplete: 'off',
      spellCheck: false,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = digitsOnly(event.target.value, max);
        return registered.onChange(event);
      },
    };
  };
  const shownError = (name: NumberField) =>
    touchedFields[name] || isSubmitted ? shown(errors[name]?.message) : undefined;
  const accountTypeOptions = ACCOUNT_TYPES.map((value) => ({ value, label: accountTypes[value] }));

  return (
    <div className="flex flex-col gap-4">
      <TextField
        id={`${ids}-routing`}
        label={t.routingNumber}
        hint={t.routingHint}
        error={shownError('routingNumber')}
        {...numberField('routingNumber', ROUTING_NUMBER_MAX)}
      />
      <TextField
        id={`${ids}-account`}
        label={t.accountNumber}
        error={shownError('accountNumber')}
        {...numberField('accountNumber', ACCOUNT_NUMBER_MAX)}
      />
      <RadioGroupField
        id={`${ids}-account-type`}
        legend={t.accountType}
        options={accountTypeOptions}
        {...form.register('accountType')}
      />
      <ECheckAuthorizationField
        form={form}
        totalCents={totalCents}
        sources={authorizationSources}
      />
    </div>
  );
}
