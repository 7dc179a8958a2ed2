import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MailCheck } from 'lucide-react';
import {
  SIGN_IN_LIMITS,
  signupFormSchema,
  toSignupRequest,
  type SignupForm as SignupFormValues,
} from '@webpay/contracts/sign-in';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { RadioGroupField } from '@/components/ui/radio-group-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useSignUp } from '../api/sign-up.ts';
import { signInCommonMessages, signupMessages } from '../auth.messages.ts';
import { BIRTHDATE_MIN, todayIsoDate } from '../utils/dates.ts';
import { SIGN_IN_FORM_MESSAGES } from '../utils/field-messages.ts';
import { emailFlowErrorMessage } from '../utils/sign-in.ts';

type SignupFormOutput = z.output<typeof signupFormSchema>;

const EMPTY_FORM = {
  accountNumber: '',
  firstName: '',
  lastName: '',
  birthdate: '',
  email: '',
} as const;

/**
 * /login/signup: links an e-mail address to the guarantor's account. The
 * service e-mails a 6-digit code and a link to the code page; the code
 * finishes the sign-up and signs the guarantor in.
 */
export function SignupForm() {
  const ids = useId();
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmationHeading = useRef<HTMLHeadingElement>(null);
  const language = useLanguage();
  const t = useMessages(signupMessages);
  const common = useMessages(signInCommonMessages);
  const validationText = useValidationText(SIGN_IN_FORM_MESSAGES);
  const paperlessOptions = useMemo(
    () => [
      { value: 'true', label: t.yes },
      { value: 'false', label: t.no },
    ],
    [t],
  );

  const form = useForm<SignupFormValues, unknown, SignupFormOutput>({
    resolver: zodResolver(signupFormSchema),
    // The paperless choice starts unanswered: the guarantor decides, nobody decides for them.
    defaultValues: EMPTY_FORM as SignupFormValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (sentTo) confirmationHeading.current?.focus();
  }, [sentTo]);

  const onSubmit = form.handleSubmit(async (values) => {
    const request = toSignupRequest(values);
    try {
      await signUp.mutateAsync(request);
    } catch {
      return;
    }
    setSentTo(request.email);
  });

  if (sentTo) {
    return (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <MailCheck aria-hidden="true" className="size-10 text-brand" />
          <h1
            ref={confirmationHeading}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight focus:outline-none"
          >
            {t.checkEmail}
          </h1>
          <p className="text-muted-foreground">
            {t.sentTo}
            <strong className="font-semibold wrap-break-word text-foreground">{sentTo}</strong>
            {t.sentToEnd}
          </p>
          <p className="text-muted-foreground">{t.finish(SIGN_IN_LIMITS.codeMinutes)}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            onClick={() => {
              signUp.reset();
              setSentTo(null);
              // The form comes back with the details entered; start at its first field.
              setTimeout(() => form.setFocus('accountNumber'), 0);
            }}
          >
            {t.changeDetails}
          </Button>
          <Button asChild variant="secondary">
            <Link to="/login">{common.otherWaysToSignIn}</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{t.heading}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>

      {signUp.isError && (
        <AlertMessage variant="danger">
          {emailFlowErrorMessage(signUp.error, t.unexpected, language)}
        </AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <TextField
          id={`${ids}-account`}
          label={common.accountNumber}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          error={validationText(errors.accountNumber?.message)}
          {...form.register('accountNumber')}
        />
        <div className="flex flex-col gap-5 sm:flex-row">
          <TextField
            id={`${ids}-first-name`}
            label={t.firstName}
            autoComplete="given-name"
            wrapperClassName="sm:flex-1"
            error={validationText(errors.firstName?.message)}
            {...form.register('firstName')}
          />
          <TextField
            id={`${ids}-last-name`}
            label={t.lastName}
            autoComplete="family-name"
            wrapperClassName="sm:flex-1"
            error={validationText(errors.lastName?.message)}
            {...form.register('lastName')}
          />
        </div>
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
        <TextField
          id={`${ids}-email`}
          label={common.emailAddress}
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={validationText(errors.email?.message)}
          {...form.register('email')}
        />
        <RadioGroupField
          id={`${ids}-paperless`}
          legend={t.paperless}
          hint={t.paperlessHint}
          options={paperlessOptions}
          error={validationText(errors.enrollPaperless?.message)}
          {...form.register('enrollPaperless')}
        />
        <Button type="submit" size="lg" disabled={signUp.isPending} aria-busy={signUp.isPending}>
          {signUp.isPending && <Spinner />}
          {t.submit}
        </Button>
      </form>

      <div className="flex flex-col items-center gap-2 text-center text-sm">
        <p>
          {t.alreadySignedUp}{' '}
          <Link to="/login/email" className="font-medium underline underline-offset-4">
            {common.signInWithEmail}
          </Link>
        </p>
        <Link to="/login" className="font-medium underline underline-offset-4">
          {common.otherWaysToSignIn}
        </Link>
      </div>
    </div>
  );
}
