import { useId, type ChangeEvent } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { ACCOUNT_TYPES } from '@webpay/contracts/billing';
import { RadioGroupField } from '@/components/ui/radio-group-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { accountTypeMessages } from '@/lib/payments/payment-words.messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { PAYMENT_METHOD_VALIDATION, paymentMethodsMessages } from '../payment-methods.messages.ts';
import {
  digitsOnly,
  type AddMethodFormOutput,
  type AddMethodFormValues,
} from '../utils/method-forms.ts';

/** SPEC §5: nine routing digits, at most twenty account digits. */
const MAX_DIGITS = { routingNumber: 9, accountNumber: 20 } as const;
type NumberField = keyof typeof MAX_DIGITS;

/**
 * Routing and account numbers and the account type, with the eCheck rules
 * of a payment: digits only, checked when the guarantor leaves a field.
 */
export function BankAccountFields({
  form,
}: {
  form: UseFormReturn<AddMethodFormValues, unknown, AddMethodFormOutput>;
}) {
  const t = useMessages(paymentMethodsMessages);
  const accountTypes = useMessages(accountTypeMessages);
  const shown = useValidationText(PAYMENT_METHOD_VALIDATION);
  const ids = useId();
  const { errors, touchedFields, isSubmitted } = useFormState({ control: form.control });

  const numberField = (name: NumberField) => {
    const registered = form.register(name, { onBlur: () => void form.trigger(name) });
    return {
      ...registered,
      inputMode: 'numeric' as const,
      maxLength: MAX_DIGITS[name],
      autoComplete: 'off',
      spellCheck: false,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = digitsOnly(event.target.value, MAX_DIGITS[name]);
        return registered.onChange(event);
      },
    };
  };
  const shownError = (name: NumberField) =>
    touchedFields[name] || isSubmitted ? shown(errors[name]?.message) : undefined;

  return (
    <div className="flex flex-col gap-4">
      <TextField
        id={`${ids}-routing`}
        label={t.routingNumber}
        hint={t.routingHint}
        error={shownError('routingNumber')}
        {...numberField('routingNumber')}
      />
      <TextField
        id={`${ids}-account`}
        label={t.accountNumber}
        error={shownError('accountNumber')}
        {...numberField('accountNumber')}
      />
      <RadioGroupField
        id={`${ids}-account-type`}
        legend={t.accountType}
        options={ACCOUNT_TYPES.map((value) => ({ value, label: accountTypes[value] }))}
        {...form.register('accountType')}
      />
    </div>
  );
}
