import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MailCheck } from 'lucide-react';
import { SIGN_UP_MESSAGES } from '@webpay/contracts/messages';
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
import { useSignUp } from '../api/sign-up.ts';
import { BIRTHDATE_MIN, todayIsoDate } from '../utils/dates.ts';
import { emailFlowErrorMessage } from '../utils/sign-in.ts';

type SignupFormOutput = z.output<typeof signupFormSchema>;

const PAPERLESS_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const;

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
            Check your email
          </h1>
          <p className="text-muted-foreground">
            We emailed a 6-digit code and a link to{' '}
            <strong className="font-semibold wrap-break-word text-foreground">{sentTo}</strong>.
          </p>
          <p className="text-muted-foreground">
            Open the link in that email and enter the code to finish signing up. The code works for{' '}
            {SIGN_IN_LIMITS.codeMinutes} minutes.
          </p>
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
            Change my details
          </Button>
          <Button asChild variant="secondary">
            <Link to="/login">Other ways to sign in</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Sign up</h1>
        <p className="text-muted-foreground">
          Use the account number printed on your statement. We will email you a code to confirm your
          email address.
        </p>
      </div>

      {signUp.isError && (
        <AlertMessage variant="danger">
          {emailFlowErrorMessage(signUp.error, SIGN_UP_MESSAGES.unexpected)}
        </AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <TextField
          id={`${ids}-account`}
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          error={errors.accountNumber?.message}
          {...form.register('accountNumber')}
        />
        <div className="flex flex-col gap-5 sm:flex-row">
          <TextField
            id={`${ids}-first-name`}
            label="First name"
            autoComplete="given-name"
            wrapperClassName="sm:flex-1"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            id={`${ids}-last-name`}
            label="Last name"
            autoComplete="family-name"
            wrapperClassName="sm:flex-1"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
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
        <TextField
          id={`${ids}-email`}
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <RadioGroupField
          id={`${ids}-paperless`}
          legend="Go paperless?"
          hint="Get your statements by email instead of by mail."
          options={PAPERLESS_OPTIONS}
          error={errors.enrollPaperless?.message}
          {...form.register('enrollPaperless')}
        />
        <Button type="submit" size="lg" disabled={signUp.isPending} aria-busy={signUp.isPending}>
          {signUp.isPending && <Spinner />}
          Sign up
        </Button>
      </form>

      <div className="flex flex-col items-center gap-2 text-center text-sm">
        <p>
          Already signed up?{' '}
          <Link to="/login/email" className="font-medium underline underline-offset-4">
            Sign in with email
          </Link>
        </p>
        <Link to="/login" className="font-medium underline underline-offset-4">
          Other ways to sign in
        </Link>
      </div>
    </div>
  );
}
