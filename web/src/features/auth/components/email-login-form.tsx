import { useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailLoginRequestSchema } from '@webpay/contracts/sign-in';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useStartEmailLogin, type EmailLoginRequest } from '../api/start-email-login.ts';
import { emailLoginMessages, signInCommonMessages } from '../auth.messages.ts';
import { SIGN_IN_FORM_MESSAGES } from '../utils/field-messages.ts';
import { emailFlowErrorMessage, resolveNext } from '../utils/sign-in.ts';
import {
  BirthdateField,
  EmailAddressField,
  SignInFooter,
  SignInHeading,
  SubmitButton,
} from './sign-in-form-parts.tsx';

export interface EmailLoginFormProps {
  /** The raw `next` search parameter, handed on to the code step when safe (SPEC §2). */
  next?: unknown;
}

/** The form's state and its submission: start the e-mail sign-in, then go to the code page. */
function useEmailLoginForm(next: unknown) {
  const navigate = useNavigate();
  const start = useStartEmailLogin();
  const redirect = resolveNext(next);
  const form = useForm<EmailLoginRequest>({
    resolver: zodResolver(emailLoginRequestSchema),
    defaultValues: { email: '', birthdate: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

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
  return { form, onSubmit, start, redirect };
}

/** /login/email: e-mail address and date of birth; a code is e-mailed when they match. */
export function EmailLoginForm({ next }: EmailLoginFormProps) {
  const { form, onSubmit, start, redirect } = useEmailLoginForm(next);
  const { errors } = form.formState;
  const ids = useId();
  const language = useLanguage();
  const t = useMessages(emailLoginMessages);
  const common = useMessages(signInCommonMessages);
  const validationText = useValidationText(SIGN_IN_FORM_MESSAGES);

  return (
    <div className="flex flex-col gap-6">
      <SignInHeading heading={t.heading}>{t.intro}</SignInHeading>

      {redirect.rejected && <AlertMessage variant="warning">{common.invalidRedirect}</AlertMessage>}

      {start.isError && (
        <AlertMessage variant="danger">
          {emailFlowErrorMessage(start.error, undefined, language)}
        </AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <EmailAddressField
          id={`${ids}-email`}
          error={validationText(errors.email?.message)}
          {...form.register('email')}
        />
        <BirthdateField
          id={`${ids}-birthdate`}
          error={validationText(errors.birthdate?.message)}
          {...form.register('birthdate')}
        />
        <SubmitButton size="lg" pending={start.isPending}>
          {t.submit}
        </SubmitButton>
      </form>

      <SignInFooter invitation={{ text: t.newHere, to: '/login/signup', label: t.signUp }} />
    </div>
  );
}
