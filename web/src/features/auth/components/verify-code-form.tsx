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
import { useSession } from '@/lib/session.ts';
import { useLoginWithCode } from '../api/login-with-code.ts';
import { sendNewCode } from '../api/send-new-code.ts';
import { startEmailMfa } from '../api/start-email-mfa.ts';
import { afterSignInPath, emailFlowErrorMessage, isInvalidCodeError } from '../utils/sign-in.ts';
import { isEmailMfaSession, resendFailure } from '../utils/verification.ts';

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

function CodeEntry({
  guarantorId,
  verificationId,
  email,
  next,
  mfa,
}: Required<Pick<VerifyCodeFormProps, 'guarantorId' | 'verificationId'>> &
  Pick<VerifyCodeFormProps, 'email' | 'next'> & { mfa: boolean }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const login = useLoginWithCode();
  const ids = useId();
  const codeId = `${ids}-code`;
  // Announced politely: "Sending…", then where the new code went.
  const [notice, setNotice] = useState('');

  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const codeField = form.register('code');
  const focusCode = () => form.setFocus('code', { shouldSelect: true });

  /**
   * SPEC §4 'Send New Code': in a multi-factor flow (signed in with a PIN or a
   * magic link) a new verification is started for the signed-in guarantor;
   * otherwise the same verification gets a new code.
   */
  const resend = useMutation({
    mutationFn: async (): Promise<VerificationStarted> =>
      unwrap(
        isEmailMfaSession(auth.getSession())
          ? await startEmailMfa()
          : await sendNewCode({ guarantorId, verificationId }),
      ),
    onMutate: () => setNotice('Sending a new code…'),
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
      login.reset();
      form.reset({ code: '' });
      setNotice(
        sentTo
          ? `We sent a new code to ${sentTo}. Codes sent earlier no longer work.`
          : 'We sent you a new code. Codes sent earlier no longer work.',
      );
      focusCode();
    },
    onError: (error) => {
      setNotice('');
      // A refused session shows 'Session Expired' instead.
      if (auth.getState().sessionExpired) return;
      showApiError({
        error: resendFailure(error instanceof ApiError ? error.error : fallbackError(undefined)),
      });
    },
  });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setNotice('');
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

  const problem = login.isError && !isInvalidCodeError(login.error);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Enter your verification code</h1>
        <p className="text-muted-foreground">
          {email ? (
            <>
              We emailed a 6-digit code to{' '}
              <strong className="font-semibold wrap-break-word text-foreground">{email}</strong>.
            </>
          ) : (
            'We emailed you a 6-digit code.'
          )}{' '}
          It works for {SIGN_IN_LIMITS.codeMinutes} minutes.
        </p>
      </div>

      {problem && (
        <AlertMessage variant="danger">{emailFlowErrorMessage(login.error)}</AlertMessage>
      )}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <TextField
          id={codeId}
          label="Verification code"
          hint="The 6 digits from the email"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
          className="text-lg tracking-[0.3em] tabular-nums"
          error={errors.code?.message}
          {...codeField}
          onChange={(event) => {
            event.target.value = digitsOnly(event.target.value);
            return codeField.onChange(event);
          }}
        />
        <Button type="submit" size="lg" disabled={login.isPending} aria-busy={login.isPending}>
          {login.isPending && <Spinner />}
          Verify
        </Button>
      </form>

      <div className="flex flex-col gap-2 text-sm">
        <p className="text-muted-foreground">
          Didn&apos;t get it? Check your spam or junk folder, or ask for a new code.
        </p>
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          aria-busy={resend.isPending}
        >
          {resend.isPending && <Spinner />}
          Send a new code
        </Button>
        <p role="status" className="min-h-5 text-foreground">
          {notice}
        </p>
      </div>

      <p className="text-center text-sm">
        {mfa ? (
          <Link to="/dashboard" className="font-medium underline underline-offset-4">
            Back to Dashboard
          </Link>
        ) : (
          <Link to="/login" className="font-medium underline underline-offset-4">
            Other ways to sign in
          </Link>
        )}
      </p>
    </div>
  );
}

/** The page was opened without the verification it belongs to (e.g. a cut-off link). */
function MissingVerification({ signedIn, next }: { signedIn: boolean; next?: string }) {
  return (
    <NoticePage
      title="This code page is missing some details"
      actions={
        signedIn ? (
          <Button asChild>
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        ) : (
          <>
            <Button asChild>
              <Link to="/login/email" search={next ? { next } : {}}>
                Sign in with email
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/login">Other ways to sign in</Link>
            </Button>
          </>
        )
      }
    >
      <p>
        {signedIn
          ? 'We could not tell which code to check. Go back to the dashboard and ask for a new code.'
          : 'We could not tell which code to check. The link may have been cut short. Sign in with your email address and date of birth to get a new code.'}
      </p>
    </NoticePage>
  );
}
