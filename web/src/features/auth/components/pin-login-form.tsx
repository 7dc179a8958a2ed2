import { useId } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { pinLoginRequestSchema, type PinLoginRequest } from '@webpay/contracts/auth';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useLoginWithPin } from '../api/login-with-pin.ts';
import { pinLoginMessages, signInCommonMessages } from '../auth.messages.ts';
import { SIGN_IN_FORM_MESSAGES } from '../utils/field-messages.ts';
import { pinSignInErrorMessage, resolveNext } from '../utils/sign-in.ts';

export interface PinLoginFormProps {
  /** The raw `next` search parameter (SPEC §2). */
  next?: unknown;
}

/** /login/pin: account number and statement PIN. */
export function PinLoginForm({ next }: PinLoginFormProps) {
  const navigate = useNavigate();
  const login = useLoginWithPin();
  const redirect = resolveNext(next);
  const ids = useId();
  const accountId = `${ids}-account`;
  const pinId = `${ids}-pin`;
  const language = useLanguage();
  const t = useMessages(pinLoginMessages);
  const common = useMessages(signInCommonMessages);
  const validationText = useValidationText(SIGN_IN_FORM_MESSAGES);

  const form = useForm<PinLoginRequest>({
    resolver: zodResolver(pinLoginRequestSchema),
    defaultValues: { accountNumber: '', pin: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

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

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{t.heading}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>

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

        <Button type="submit" size="lg" disabled={login.isPending} aria-busy={login.isPending}>
          {login.isPending && <Spinner />}
          {t.submit}
        </Button>
      </form>

      <p className="text-center text-sm">
        <Link to="/login" className="font-medium underline underline-offset-4">
          {common.otherWaysToSignIn}
        </Link>
      </p>
    </div>
  );
}
