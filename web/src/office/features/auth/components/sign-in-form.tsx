import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffSignInRequestSchema, type StaffSignInRequest } from '@webpay/contracts/office';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useValidationText } from '@/lib/validation-text.ts';
import { errorText } from '../../../lib/error-text.ts';
import { OFFICE_FORM_MESSAGES } from '../../../lib/field-messages.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signInMessages } from '../auth.messages.ts';

export interface SignInFormProps {
  /** Called once the session is open and its staff member known. */
  onSignedIn: () => void;
}

/** Email, password and authentication code; each error is tied to its field. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const t = useMessages(signInMessages);
  const ids = useId();
  const signIn = useSignIn();
  const validationText = useValidationText(OFFICE_FORM_MESSAGES);
  const form = useForm<StaffSignInRequest>({
    resolver: zodResolver(staffSignInRequestSchema),
    defaultValues: { email: '', password: '', code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch {
      // Shown from the mutation's error below; the code is single-use, so it is cleared.
      form.setValue('code', '');
      form.setFocus('code');
      return;
    }
    onSignedIn();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {signIn.isError && (
        <AlertMessage variant="danger">{errorText(signIn.error, t.failed)}</AlertMessage>
      )}
      <TextField
        id={`${ids}-email`}
        label={t.email}
        type="email"
        autoComplete="username"
        spellCheck={false}
        error={validationText(errors.email?.message)}
        {...form.register('email')}
      />
      <TextField
        id={`${ids}-password`}
        label={t.password}
        type="password"
        autoComplete="current-password"
        error={validationText(errors.password?.message)}
        {...form.register('password')}
      />
      <TextField
        id={`${ids}-code`}
        label={t.code}
        hint={t.codeHint}
        inputMode="text"
        autoComplete="one-time-code"
        spellCheck={false}
        error={validationText(errors.code?.message)}
        {...form.register('code')}
      />
      <SubmitButton pending={signIn.isPending}>{t.submit}</SubmitButton>
    </form>
  );
}
