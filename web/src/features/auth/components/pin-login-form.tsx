import { useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { pinLoginRequestSchema, type PinLoginRequest } from '@webpay/contracts/auth';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useLoginWithPin } from '../api/login-with-pin.ts';
import { pinLoginMessages, signInCommonMessages } from '../auth.messages.ts';
import { SIGN_IN_FORM_MESSAGES } from '../utils/field-messages.ts';
import { pinSignInErrorMessage, resolveNext } from '../utils/sign-in.ts';
import { SignInFooter, SignInHeading, SubmitButton } from './sign-in-form-parts.tsx';

export interface PinLoginFormProps {
  /** The raw `next` search parameter (SPEC §2). */
  next?: unknown;
}

/** The form's state and its submission: sign in, then go on to `next` or the dashboard. */
function usePinLoginForm(next: unknown) {
  const navigate = useNavigate();
  const login = useLoginWithPin();
  const redirect = resolveNext(next);
  const form = useForm<PinLoginRequest>({
    resolver: zodResolver(pinLoginRequestSchema),
    defaultValues: { accountNumber: '', pin: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch {
      // The message is rendered from the mutation's error below.
      return;
    }
    if (redirect.next) await navigate({ href: redirect.next, replace: true });
    else await navigate({ to: '/dashboard', replace: true });
  });
  return { form, onSubmit, login, redirect };
}

/** /login/pin: account number and statement PIN. */
export function PinLoginForm({ next }: PinLoginFormProps) {
  const { form, onSubmit, login, redirect } = usePinLoginForm(next);
  const { errors } = form.formState;
  const ids = useId();
  const accountId = `${ids}-account`;
  const pinId = `${ids}-pin`;
  const language = useLanguage();
  const t = useMessages(pinLoginMessages);
  const common = useMessages(signInCommonMessages);
  const validationText = useValidationText(SIGN_IN_FORM_MESSAGES);

  return (
    <div className="flex flex-col gap-6">
      <SignInHeading heading={t.heading}>{t.intro}</SignInHeading>

      {redirect.rejected && <AlertMessage variant="warning">{common.invalidRedirect}</AlertMessage>}

      {login.isError && (
        <AlertMessage variant="danger">{pinSignInErrorMessage(login.error, language)}</AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <Label htmlFor={accountId}>{common.accountNumber}</Label>
          <Input
            id={accountId}
            autoComplete="username"
            inputMode="numeric"
            spellCheck={false}
            aria-invalid={errors.accountNumber ? true : undefined}
            aria-describedby={errors.accountNumber ? `${accountId}-error` : undefined}
            {...form.register('accountNumber')}
          />
          {errors.accountNumber && (
            <p id={`${accountId}-error`} className="text-sm text-danger-soft-foreground">
              {validationText(errors.accountNumber.message)}
            </p>
          )}
        </div>

        <div className="flex flex-col gap-2">
          <Label htmlFor={pinId}>{t.pin}</Label>
          <Input
            id={pinId}
            type="password"
            autoComplete="current-password"
            inputMode="numeric"
            aria-invalid={errors.pin ? true : undefined}
            aria-describedby={errors.pin ? `${pinId}-error` : undefined}
            {...form.register('pin')}
          />
          {errors.pin && (
            <p id={`${pinId}-error`} className="text-sm text-danger-soft-foreground">
              {validationText(errors.pin.message)}
            </p>
          )}
        </div>

        <SubmitButton size="lg" pending={login.isPending}>
          {t.submit}
        </SubmitButton>
      </form>

      <SignInFooter />
    </div>
  );
}
