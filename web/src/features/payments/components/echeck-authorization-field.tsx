import { useEffect, useId } from 'react';
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import type { AuthorizationSources } from '@webpay/contracts/echeck-authorization';
import type { Cents } from '@webpay/contracts/money';
import { FieldError } from '@/components/ui/field-error.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { PAYMENT_FORM_VALIDATION, paymentDialogMessages } from '../payments.messages.ts';
import { authorizationText } from '../utils/echeck-authorization.ts';
import type { PaymentFormOutput, PaymentFormValues } from '../utils/payment-form.ts';

export interface ECheckAuthorizationFieldProps {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
  totalCents: Cents;
  /** Undefined until the app configuration has arrived. */
  sources: AuthorizationSources | undefined;
}

/**
 * The authorization an eCheck debit needs (NACHA: readily identifiable as
 * one, with its terms), and the box that accepts it. The form keeps the
 * text as it read when the box was ticked; a change to its terms afterwards
 * (another account number or type, language or day) clears the box, so the
 * text sent with the payment is the one the payer last accepted.
 */
export function ECheckAuthorizationField({
  form,
  totalCents,
  sources,
}: ECheckAuthorizationFieldProps) {
  const t = useMessages(paymentDialogMessages);
  const shown = useValidationText(PAYMENT_FORM_VALIDATION);
  const language = useLanguage();
  const ids = useId();
  const [accountNumber, accountType, accepted] = useWatch({
    control: form.control,
    name: ['accountNumber', 'accountType', 'acceptedAuthorization'],
  });
  const { errors, isSubmitted } = useFormState({ control: form.control });
  const text = sources
    ? authorizationText(language, sources, {
        amountCents: totalCents,
        accountType,
        accountNumber: accountNumber.trim(),
      })
    : '';

  const { setValue } = form;
  const accept = (value: string) =>
    setValue('acceptedAuthorization', value, { shouldValidate: isSubmitted, shouldDirty: true });
  useEffect(() => {
    if (accepted !== '' && accepted !== text) {
      setValue('acceptedAuthorization', '', { shouldValidate: isSubmitted });
    }
  }, [accepted, text, setValue, isSubmitted]);
  // Registered for its ref and name (the first invalid field takes focus); the value is set here.
  const { ref, name } = form.register('acceptedAuthorization');

  const error = isSubmitted ? shown(errors.acceptedAuthorization?.message) : undefined;
  const textId = `${ids}-text`;
  const errorId = `${ids}-error`;

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{t.authorizationHeading}</legend>
      <p id={textId} className="text-sm">
        {text}
      </p>
      <label
        htmlFor={`${ids}-accept`}
        className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium"
      >
        <input
          id={`${ids}-accept`}
          ref={ref}
          name={name}
          type="checkbox"
          className="size-5 shrink-0 accent-brand"
          checked={text !== '' && accepted === text}
          disabled={text === ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${textId} ${errorId}` : textId}
          onChange={(event) => accept(event.target.checked ? text : '')}
        />
        {t.authorizationAccept}
      </label>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
