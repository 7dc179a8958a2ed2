import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ShieldCheck, X } from 'lucide-react';
import { fallbackError } from '@webpay/contracts/error-codes';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError, unwrap } from '@/lib/api-client.ts';
import { showApiError } from '@/lib/api-error-events.ts';
import { useAuth } from '@/lib/auth-context.ts';
import { currentLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { startEmailMfa } from '../api/start-email-mfa.ts';
import { emailMfaNoticeMessages } from '../auth.messages.ts';
import { offersEmailMfa, resendFailure } from '../utils/verification.ts';
import { dismissEmailMfaNotice, isEmailMfaNoticeDismissed } from '../utils/email-mfa-notice.ts';

/**
 * Offered to sessions started with a PIN or a magic link: an e-mailed code
 * turns the session into a 'totp' one, which may save receipt e-mail
 * addresses to the account (SPEC §6). Dismissed, it stays away for the session.
 */
export function EmailMfaNotice() {
  const session = useSession();
  const auth = useAuth();
  const navigate = useNavigate();
  const headingId = useId();
  const t = useMessages(emailMfaNoticeMessages);
  const sessionId = session?.claims.sid ?? '';
  const [dismissedFor, setDismissedFor] = useState(() =>
    isEmailMfaNoticeDismissed(sessionId) ? sessionId : null,
  );

  const start = useMutation({
    mutationFn: async () => unwrap(await startEmailMfa()),
    onSuccess: (started) =>
      navigate({
        to: '/verify/code',
        search: {
          guarantorId: started.guarantorId,
          verificationId: started.verificationId,
          email: started.email,
          next: '/dashboard',
        },
      }),
    onError: (error) => {
      // A refused session shows 'Session Expired' instead.
      if (auth.getState().sessionExpired) return;
      const language = currentLanguage();
      const failure = error instanceof ApiError ? error.error : fallbackError(undefined, language);
      // A 403 gets the modal's no-access wording; anything else is a failed send (SPEC §8).
      showApiError({ error: failure.status === 403 ? failure : resendFailure(failure, language) });
    },
  });

  if (!session || !offersEmailMfa(session) || dismissedFor === sessionId) return null;

  return (
    <section
      aria-labelledby={headingId}
      className="relative flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 text-sm shadow-xs sm:flex-row sm:items-center sm:gap-4"
    >
      <ShieldCheck aria-hidden="true" className="hidden size-5 shrink-0 text-brand sm:block" />
      <h2 id={headingId} className="sr-only">
        {t.heading}
      </h2>
      <p className="flex-1 pr-10 sm:pr-0">{t.message}</p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          // Spanish words it at twice the English length; it wraps rather than overflow a phone.
          className="shrink whitespace-normal"
          onClick={() => start.mutate()}
          disabled={start.isPending}
          aria-busy={start.isPending}
        >
          {start.isPending && <Spinner />}
          {t.action}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t.dismiss}
          className="max-sm:absolute max-sm:top-1 max-sm:right-1"
          onClick={() => {
            dismissEmailMfaNotice(sessionId);
            setDismissedFor(sessionId);
            // The button goes away with the notice; keep keyboard users in the page's content.
            document.getElementById('main-content')?.focus();
          }}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
