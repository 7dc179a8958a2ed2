import { useId } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { PAYMENT_METHOD_VALIDATION, paymentMethodsMessages } from '../payment-methods.messages.ts';
import type { AddMethodFormOutput, AddMethodFormValues } from '../utils/method-forms.ts';

/** The stored-credential consent, word for word as it is sent, and the box that accepts it. */
export function ConsentField({
  form,
  text,
}: {
  form: UseFormReturn<AddMethodFormValues, unknown, AddMethodFormOutput>;
  text: string;
}) {
  const t = useMessages(paymentMethodsMessages);
  const shown = useValidationText(PAYMENT_METHOD_VALIDATION);
  const ids = useId();
  const { errors, isSubmitted } = useFormState({ control: form.control, name: 'consent' });
  const error = isSubmitted ? shown(errors.consent?.message) : undefined;
  const textId = `${ids}-text`;
  const errorId = `${ids}-error`;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{t.consentHeading}</legend>
      <p id={textId} className="text-sm">
        {text}
      </p>
      <CheckboxField
        id={`${ids}-accept`}
        label={t.consentAccept}
        disabled={text === ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${textId} ${errorId}` : textId}
        {...form.register('consent')}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
