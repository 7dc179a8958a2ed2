import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm, type UseFormReturn } from 'react-hook-form';
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
import { TextField } from '@/components/ui/text-field.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useSignUp } from '../api/sign-up.ts';
import { signInCommonMessages, signupMessages } from '../auth.messages.ts';
import { SIGN_IN_FORM_MESSAGES } from '../utils/field-messages.ts';
import { emailFlowErrorMessage } from '../utils/sign-in.ts';
import {
  BirthdateField,
  EmailAddressField,
  SignInFooter,
  SignInHeading,
  SubmitButton,
} from './sign-in-form-parts.tsx';

type SignupFormOutput = z.output<typeof signupFormSchema>;

const EMPTY_FORM = {
  accountNumber: '',
  firstName: '',
  lastName: '',
  birthdate: '',
  email: '',
} as const;

/** The form's state and its submission; `sentTo` is the address once the code is on its way. */
function useSignupForm() {
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignupFormValues, unknown, SignupFormOutput>({
    resolver: zodResolver(signupFormSchema),
    // The paperless choice starts unanswered: the guarantor decides, nobody decides for them.
    defaultValues: EMPTY_FORM as SignupFormValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const request = toSignupRequest(values);
    try {
      await signUp.mutateAsync(request);
    } catch {
      return;
    }
    setSentTo(request.email);
  });

  const changeDetails = () => {
    signUp.reset();
    setSentTo(null);
    // The form comes back with the details entered; start at its first field.
    setTimeout(() => form.setFocus('accountNumber'), 0);
  };
  return { form, onSubmit, signUp, sentTo, changeDetails };
}

/**
 * /login/signup: links an e-mail address to the guarantor's account. The
 * service e-mails a 6-digit code and a link to the code page; the code
 * finishes the sign-up and signs the guarantor in.
 */
export function SignupForm() {
  const ids = useId();
  const { form, onSubmit, signUp, sentTo, changeDetails } = useSignupForm();
  const language = useLanguage();
  const t = useMessages(signupMessages);
  const common = useMessages(signInCommonMessages);

  if (sentTo) return <SignupCodeSent sentTo={sentTo} onChangeDetails={changeDetails} />;

  return (
    <div className="flex flex-col gap-6">
      <SignInHeading heading={t.heading}>{t.intro}</SignInHeading>

      {signUp.isError && (
        <AlertMessage variant="danger">
          {emailFlowErrorMessage(signUp.error, t.unexpected, language)}
        </AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <SignupFields form={form} idPrefix={ids} />
        <SubmitButton size="lg" pending={signUp.isPending}>
          {t.submit}
        </SubmitButton>
      </form>

      <SignInFooter
        invitation={{ text: t.alreadySignedUp, to: '/login/email', label: common.signInWithEmail }}
      />
    </div>
  );
}

/** The code is on its way: where it went, and a way back to the details. */
function SignupCodeSent({
  sentTo,
  onChangeDetails,
}: {
  sentTo: string;
  onChangeDetails: () => void;
}) {
  const t = useMessages(signupMessages);
  const common = useMessages(signInCommonMessages);
  const confirmationHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    confirmationHeading.current?.focus();
  }, []);
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
        <Button variant="secondary" onClick={onChangeDetails}>
          {t.changeDetails}
        </Button>
        <Button asChild variant="secondary">
          <Link to="/login">{common.otherWaysToSignIn}</Link>
        </Button>
      </div>
    </div>
  );
}

/** The details that identify the guarantor, the address for the code and the paperless choice. */
function SignupFields({
  form,
  idPrefix: ids,
}: {
  form: UseFormReturn<SignupFormValues, unknown, SignupFormOutput>;
  idPrefix: string;
}) {
  const { errors } = form.formState;
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

  return (
    <>
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
      <BirthdateField
        id={`${ids}-birthdate`}
        error={validationText(errors.birthdate?.message)}
        {...form.register('birthdate')}
      />
      <EmailAddressField
        id={`${ids}-email`}
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
    </>
  );
}
