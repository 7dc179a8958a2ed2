import { useId } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailLoginRequestSchema } from '@webpay/contracts/sign-in';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useStartEmailLogin, type EmailLoginRequest } from '../api/start-email-login.ts';
import { emailLoginMessages, signInCommonMessages } from '../auth.messages.ts';
import { SIGN_IN_FORM_MESSAGES } from '../utils/field-messages.ts';
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
  const language = useLanguage();
  const t = useMessages(emailLoginMessages);
  const common = useMessages(signInCommonMessages);
  const validationText = useValidationText(SIGN_IN_FORM_MESSAGES);

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
        <h1 className="text-2xl font-bold tracking-tight">{t.heading}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>

      {redirect.rejected && <AlertMessage variant="warning">{common.invalidRedirect}</AlertMessage>}

      {start.isError && (
        <AlertMessage variant="danger">
          {emailFlowErrorMessage(start.error, undefined, language)}
        </AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <TextField
          id={`${ids}-email`}
          label={common.emailAddress}
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={validationText(errors.email?.message)}
          {...form.register('email')}
        />
        <TextField
          id={`${ids}-birthdate`}
          label={common.dateOfBirth}
          type="date"
          autoComplete="bday"
          min={BIRTHDATE_MIN}
          max={todayIsoDate()}
          error={validationText(errors.birthdate?.message)}
          {...form.register('birthdate')}
        />
        <Button type="submit" size="lg" disabled={start.isPending} aria-busy={start.isPending}>
          {start.isPending && <Spinner />}
          {t.submit}
        </Button>
      </form>

      <div className="flex flex-col items-center gap-2 text-center text-sm">
        <p>
          {t.newHere}{' '}
          <Link to="/login/signup" className="font-medium underline underline-offset-4">
            {t.signUp}
          </Link>
        </p>
        <Link to="/login" className="font-medium underline underline-offset-4">
          {common.otherWaysToSignIn}
        </Link>
      </div>
    </div>
  );
}
