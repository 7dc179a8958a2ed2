import { useId } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_REDIRECT_MESSAGE } from '@webpay/contracts/redirect';
import { emailLoginRequestSchema } from '@webpay/contracts/sign-in';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useStartEmailLogin, type EmailLoginRequest } from '../api/start-email-login.ts';
import { emailFlowErrorMessage, resolveNext } from '../utils/sign-in.ts';
import { BIRTHDATE_MIN, todayIsoDate } from '../utils/dates.ts';

export interface EmailLoginFormProps {
  /** The raw `next` search parameter, handed on to the code step when safe (SPEC §2). */
  next?: unknown;
}

/** /login/email: e-mail address and date of birth; a code is e-mailed when they match. */
export function EmailLoginForm({ next }: EmailLoginFormProps) {
  const navigate = useNavigate();
  const start = useStartEmailLogin();
  const redirect = resolveNext(next);
  const ids = useId();

  const form = useForm<EmailLoginRequest>({
    resolver: zodResolver(emailLoginRequestSchema),
    defaultValues: { email: '', birthdate: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    let started;
    try {
      started = await start.mutateAsync(values);
    } catch {
      // The message is rendered from the mutation's error below.
      return;
    }
    await navigate({
      to: '/verify/code',
      search: {
        guarantorId: started.guarantorId,
        verificationId: started.verificationId,
        email: started.email || values.email,
        ...(redirect.next ? { next: redirect.next } : {}),
      },
    });
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Sign in with email</h1>
        <p className="text-muted-foreground">
          Enter the email address you signed up with and your date of birth. We will email you a
          6-digit code.
        </p>
      </div>

      {redirect.rejected && (
        <AlertMessage variant="warning">{INVALID_REDIRECT_MESSAGE}</AlertMessage>
      )}

      {start.isError && (
        <AlertMessage variant="danger">{emailFlowErrorMessage(start.error)}</AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <TextField
          id={`${ids}-email`}
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          id={`${ids}-birthdate`}
          label="Date of birth"
          type="date"
          autoComplete="bday"
          min={BIRTHDATE_MIN}
          max={todayIsoDate()}
          error={errors.birthdate?.message}
          {...form.register('birthdate')}
        />
        <Button type="submit" size="lg" disabled={start.isPending} aria-busy={start.isPending}>
          {start.isPending && <Spinner />}
          Send code
        </Button>
      </form>

      <div className="flex flex-col items-center gap-2 text-center text-sm">
        <p>
          New here?{' '}
          <Link to="/login/signup" className="font-medium underline underline-offset-4">
            Sign up with your email
          </Link>
        </p>
        <Link to="/login" className="font-medium underline underline-offset-4">
          Other ways to sign in
        </Link>
      </div>
    </div>
  );
}
