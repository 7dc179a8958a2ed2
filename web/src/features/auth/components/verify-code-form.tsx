import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { fallbackError } from '@webpay/contracts/error-codes';
import {
  SIGN_IN_LIMITS,
  verificationCodeSchema,
  type VerificationStarted,
} from '@webpay/contracts/sign-in';
import { NoticePage } from '@/components/notice-page.tsx';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, unwrap } from '@/lib/api-client.ts';
import { showApiError } from '@/lib/api-error-events.ts';
import { useAuth } from '@/lib/auth-context.ts';
import { showInvalidCode } from '@/lib/invalid-code-events.ts';
import { currentLanguage, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useLoginWithCode } from '../api/login-with-code.ts';
import { sendNewCode } from '../api/send-new-code.ts';
import { startEmailMfa } from '../api/start-email-mfa.ts';
import { signInCommonMessages, verifyCodeMessages } from '../auth.messages.ts';
import { SIGN_IN_FORM_MESSAGES } from '../utils/field-messages.ts';
import { afterSignInPath, emailFlowErrorMessage, isInvalidCodeError } from '../utils/sign-in.ts';
import { isEmailMfaSession, resendFailure } from '../utils/verification.ts';
import { SignInFooter, SignInHeading, SubmitButton } from './sign-in-form-parts.tsx';

export interface VerifyCodeFormProps {
  guarantorId?: string;
  verificationId?: string;
  /** Where the code was sent. */
  email?: string;
  /** A safe path to go to once signed in (already checked by the route). */
  next?: string;
}

const codeFormSchema = z.object({ code: verificationCodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

/** What the polite status line says about a new code; worded at render, in the current language. */
type ResendNotice = { kind: 'sending' } | { kind: 'sent'; to?: string } | null;

/** Keeps only digits, at most six: pasted "123 456" or "Code: 123456" still work. */
function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** /verify/code: the e-mailed 6-digit code signs in (or, signed in, confirms the identity). */
export function VerifyCodeForm({ guarantorId, verificationId, email, next }: VerifyCodeFormProps) {
  const session = useSession();
  const mfa = isEmailMfaSession(session);
  if (!guarantorId || !verificationId) return <MissingVerification signedIn={mfa} next={next} />;
  return (
    <CodeEntry
      guarantorId={guarantorId}
      verificationId={verificationId}
      email={email}
      next={next}
      mfa={mfa}
    />
  );
}

type CodeEntryProps = Required<Pick<VerifyCodeFormProps, 'guarantorId' | 'verificationId'>> &
  Pick<VerifyCodeFormProps, 'email' | 'next'> & { mfa: boolean };

interface ResendCodeOptions extends Omit<CodeEntryProps, 'mfa'> {
  setNotice: (notice: ResendNotice) => void;
  /** Called once the page shows the new verification, to clear the form for the new code. */
  onResent: () => void;
}

/**
 * SPEC §4 'Send New Code': in a multi-factor flow (signed in with a PIN or a
 * magic link) a new verification is started for the signed-in guarantor;
 * otherwise the same verification gets a new code.
 */
function useResendCode({
  guarantorId,
  verificationId,
  email,
  next,
  setNotice,
  onResent,
}: ResendCodeOptions) {
  const navigate = useNavigate();
  const auth = useAuth();
  return useMutation({
    mutationFn: async (): Promise<VerificationStarted> =>
      unwrap(
        isEmailMfaSession(auth.getSession())
          ? await startEmailMfa()
          : await sendNewCode({ guarantorId, verificationId }),
      ),
    onMutate: () => setNotice({ kind: 'sending' }),
    onSuccess: async (started) => {
      const sentTo = started.email || email;
      await navigate({
        to: '/verify/code',
        search: {
          guarantorId: started.guarantorId,
          verificationId: started.verificationId,
          email: sentTo,
          ...(next ? { next } : {}),
        },
        replace: true,
      });
      onResent();
      setNotice({ kind: 'sent', to: sentTo });
    },
    onError: (error) => {
      setNotice(null);
      // A refused session shows 'Session Expired' instead.
      if (auth.getState().sessionExpired) return;
      // The language now, which may have changed while the code was being sent.
      const languageNow = currentLanguage();
      showApiError({
        error: resendFailure(
          error instanceof ApiError ? error.error : fallbackError(undefined, languageNow),
          languageNow,
        ),
      });
    },
  });
}

/** The code form's state, its submission and the resending of a new code. */
function useCodeEntry({ mfa: _mfa, ...props }: CodeEntryProps) {
  const { guarantorId, verificationId, next } = props;
  const navigate = useNavigate();
  const login = useLoginWithCode();
  // Announced politely: "Sending…", then where the new code went.
  const [notice, setNotice] = useState<ResendNotice>(null);
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const focusCode = () => form.setFocus('code', { shouldSelect: true });
  const resend = useResendCode({
    ...props,
    setNotice,
    onResent: () => {
      login.reset();
      form.reset({ code: '' });
      focusCode();
    },
  });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      await login.mutateAsync({ guarantorId, verificationId, code });
    } catch (error) {
      if (isInvalidCodeError(error)) {
        showInvalidCode({ onSendNewCode: () => resend.mutate(), restoreFocus: focusCode });
      }
      return;
    }
    const target = afterSignInPath(next);
    if (target) await navigate({ href: target, replace: true });
    else await navigate({ to: '/dashboard', replace: true });
  });
  return { form, onSubmit, login, resend, notice };
}

function CodeEntry(props: CodeEntryProps) {
  const { email, mfa } = props;
  const { form, onSubmit, login, resend, notice } = useCodeEntry(props);
  const { errors } = form.formState;
  const codeField = form.register('code');
  const ids = useId();
  const language = useLanguage();
  const t = useMessages(verifyCodeMessages);
  const common = useMessages(signInCommonMessages);
  const validationText = useValidationText(SIGN_IN_FORM_MESSAGES);
  const problem = login.isError && !isInvalidCodeError(login.error);

  return (
    <div className="flex flex-col gap-6">
      <SignInHeading heading={t.heading}>
        {email ? (
          <>
            {t.sentTo}
            <strong className="font-semibold wrap-break-word text-foreground">{email}</strong>
            {t.sentToEnd}
          </>
        ) : (
          t.sentToYou
        )}{' '}
        {t.lifetime(SIGN_IN_LIMITS.codeMinutes)}
      </SignInHeading>

      {problem && (
        <AlertMessage variant="danger">
          {emailFlowErrorMessage(login.error, undefined, language)}
        </AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <TextField
          id={`${ids}-code`}
          label={t.code}
          hint={t.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
          className="text-lg tracking-[0.3em] tabular-nums"
          error={validationText(errors.code?.message)}
          {...codeField}
          onChange={(event) => {
            event.target.value = digitsOnly(event.target.value);
            return codeField.onChange(event);
          }}
        />
        <SubmitButton size="lg" pending={login.isPending}>
          {t.submit}
        </SubmitButton>
      </form>

      <ResendCode pending={resend.isPending} onResend={() => resend.mutate()} notice={notice} />

      <SignInFooter back={mfa ? { to: '/dashboard', label: common.backToDashboard } : undefined} />
    </div>
  );
}

/** "Didn't get it?": asks for a new code and says politely where it went. */
function ResendCode({
  pending,
  onResend,
  notice,
}: {
  pending: boolean;
  onResend: () => void;
  notice: ResendNotice;
}) {
  const t = useMessages(verifyCodeMessages);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-muted-foreground">{t.notReceived}</p>
      <Button
        variant="secondary"
        className="self-start"
        onClick={onResend}
        disabled={pending}
        aria-busy={pending}
      >
        {pending && <Spinner />}
        {t.resend}
      </Button>
      <p role="status" className="min-h-5 text-foreground">
        {notice?.kind === 'sending' && t.sending}
        {notice?.kind === 'sent' && (notice.to ? t.resentTo(notice.to) : t.resent)}
      </p>
    </div>
  );
}

/** The page was opened without the verification it belongs to (e.g. a cut-off link). */
function MissingVerification({ signedIn, next }: { signedIn: boolean; next?: string }) {
  const t = useMessages(verifyCodeMessages);
  const common = useMessages(signInCommonMessages);
  return (
    <NoticePage
      title={t.missingHeading}
      actions={
        signedIn ? (
          <Button asChild>
            <Link to="/dashboard">{common.backToDashboard}</Link>
          </Button>
        ) : (
          <>
            <Button asChild>
              <Link to="/login/email" search={next ? { next } : {}}>
                {common.signInWithEmail}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/login">{common.otherWaysToSignIn}</Link>
            </Button>
          </>
        )
      }
    >
      <p>{signedIn ? t.missingSignedIn : t.missingSignedOut}</p>
    </NoticePage>
  );
}
