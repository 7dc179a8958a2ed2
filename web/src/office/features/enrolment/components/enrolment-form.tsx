import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { STAFF_PASSWORD_MIN_LENGTH, staffPasswordSchema } from '@webpay/contracts/office';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useValidationText } from '@/lib/validation-text.ts';
import { errorText, fieldErrorText } from '../../../lib/error-text.ts';
import { OFFICE_FORM_MESSAGES } from '../../../lib/field-messages.ts';
import { useCompleteEnrolment } from '../api/enrolment.ts';
import { enrolmentMessages } from '../enrolment.messages.ts';

interface EnrolmentValues {
  password: string;
  code: string;
}

/** The 12-character rule is checked here too, so it is told before the round trip. */
function enrolmentFormSchema(tooShort: string, codeFormat: string) {
  return z.object({
    password: staffPasswordSchema.refine(
      (password) => password.length === 0 || password.length >= STAFF_PASSWORD_MIN_LENGTH,
      tooShort,
    ),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, codeFormat),
  });
}

export function EnrolmentForm({
  token,
  onEnrolled,
}: {
  token: string;
  onEnrolled: (recoveryCodes: string[]) => void;
}) {
  const t = useMessages(enrolmentMessages);
  const ids = useId();
  const complete = useCompleteEnrolment(token);
  const validationText = useValidationText(OFFICE_FORM_MESSAGES);
  const form = useForm<EnrolmentValues>({
    resolver: zodResolver(enrolmentFormSchema(t.passwordTooShort, t.codeFormat)),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onEnrolled((await complete.mutateAsync(values)).recoveryCodes);
    } catch (error) {
      // A password the service refuses (common, personal) is told at the password field; the
      // code was not checked, so it stays. Any other refusal spent or refused the code.
      const passwordError = fieldErrorText(error, 'password');
      if (passwordError)
        form.setError('password', { message: passwordError }, { shouldFocus: true });
      else form.setValue('code', '');
    }
  });
  const passwordRefused = fieldErrorText(complete.error, 'password') !== undefined;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {complete.isError && !passwordRefused && (
        <AlertMessage variant="danger">{errorText(complete.error, t.invalidLink)}</AlertMessage>
      )}
      <TextField
        id={`${ids}-password`}
        label={t.password}
        hint={t.passwordHint}
        type="password"
        autoComplete="new-password"
        error={validationText(errors.password?.message)}
        {...form.register('password')}
      />
      <TextField
        id={`${ids}-code`}
        label={t.code}
        hint={t.codeHint}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={validationText(errors.code?.message)}
        {...form.register('code')}
      />
      <SubmitButton pending={complete.isPending}>{t.submit}</SubmitButton>
    </form>
  );
}
