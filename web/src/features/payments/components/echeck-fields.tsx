import { useId, type ChangeEvent } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { RadioGroupField } from '@/components/ui/radio-group-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import {
  ACCOUNT_NUMBER_MAX,
  digitsOnly,
  ROUTING_NUMBER_MAX,
  type PaymentFormOutput,
  type PaymentFormValues,
} from '../utils/payment-form.ts';
import { PAYMENT_DIALOG_WORDS } from '../utils/payment-words.ts';

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'CHECKING', label: 'Checking' },
  { value: 'SAVINGS', label: 'Savings' },
] as const;

type NumberField = 'routingNumber' | 'accountNumber';

/**
 * SPEC §5 eCheck. The numbers are checked when the guarantor leaves a field
 * (and before paying), not while they are still typing them.
 */
export function ECheckFields({
  form,
}: {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
}) {
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
    touchedFields[name] || isSubmitted ? errors[name]?.message : undefined;

  return (
    <div className="flex flex-col gap-4">
      <TextField
        id={`${ids}-routing`}
        label={PAYMENT_DIALOG_WORDS.routingNumber}
        hint={PAYMENT_DIALOG_WORDS.routingHint}
        error={shownError('routingNumber')}
        {...numberField('routingNumber', ROUTING_NUMBER_MAX)}
      />
      <TextField
        id={`${ids}-account`}
        label={PAYMENT_DIALOG_WORDS.accountNumber}
        error={shownError('accountNumber')}
        {...numberField('accountNumber', ACCOUNT_NUMBER_MAX)}
      />
      <RadioGroupField
        id={`${ids}-account-type`}
        legend={PAYMENT_DIALOG_WORDS.accountType}
        options={ACCOUNT_TYPE_OPTIONS}
        {...form.register('accountType')}
      />
    </div>
  );
}
