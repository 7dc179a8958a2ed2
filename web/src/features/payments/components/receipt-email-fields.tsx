import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { Claims, User } from '@webpay/contracts/auth';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { PAYMENT_FORM_VALIDATION, paymentDialogMessages } from '../payments.messages.ts';
import {
  canSaveEmail,
  type PaymentFormOutput,
  type PaymentFormValues,
} from '../utils/payment-form.ts';

export interface ReceiptEmailFieldsProps {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
  user: Pick<User, 'email'>;
  claims: Pick<Claims, 'loginType'>;
}

const optionClassName =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input bg-surface px-3 py-2 text-base has-[:checked]:border-brand has-[:checked]:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring';

/** SPEC §4: where the receipt goes, and whether a new address is saved to the account. */
export function ReceiptEmailFields({ form, user, claims }: ReceiptEmailFieldsProps) {
  const t = useMessages(paymentDialogMessages);
  const shown = useValidationText(PAYMENT_FORM_VALIDATION);
  const ids = useId();
  const [emailOption, customEmail] = useWatch({
    control: form.control,
    name: ['emailOption', 'customEmail'],
  });
  const { errors } = form.formState;
  const options = [
    { value: 'none', label: t.noEmail },
    ...(user.email ? [{ value: 'account', label: t.accountEmail(user.email) }] : []),
    { value: 'custom', label: t.customEmail },
  ];

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">{t.receiptEmailLegend}</legend>
      <div className="flex flex-col gap-2">
        {options.map((option) => (
          <label key={option.value} htmlFor={`${ids}-${option.value}`} className={optionClassName}>
            <input
              id={`${ids}-${option.value}`}
              type="radio"
              value={option.value}
              className="size-5 shrink-0 accent-brand focus-visible:outline-none"
              {...form.register('emailOption')}
            />
            <span className="min-w-0 break-words">{option.label}</span>
          </label>
        ))}
      </div>
      {emailOption === 'custom' && (
        <TextField
          id={`${ids}-custom-email`}
          label={t.customEmailLabel}
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={shown(errors.customEmail?.message)}
          {...form.register('customEmail')}
        />
      )}
      {canSaveEmail(emailOption, customEmail, user, claims) && (
        <label
          htmlFor={`${ids}-save-email`}
          className="flex min-h-11 cursor-pointer items-center gap-3 text-sm"
        >
          <input
            id={`${ids}-save-email`}
            type="checkbox"
            className="size-5 shrink-0 accent-brand"
            {...form.register('saveEmailAsGuarantor')}
          />
          {t.saveEmail}
        </label>
      )}
    </fieldset>
  );
}
