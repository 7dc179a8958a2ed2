import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useSsoExchange } from '../api/sign-in.ts';
import { signInMessages } from '../auth.messages.ts';

/**
 * /office/sso?grant=…: where single sign-on's callback lands. The one-time
 * grant is exchanged for a session once (a grant works once, so a second
 * exchange in development's double effects would fail).
 */
export function SsoExchange({ grant, onSignedIn }: { grant: string; onSignedIn: () => void }) {
  const t = useMessages(signInMessages);
  const exchange = useSsoExchange();
  const started = useRef(false);
  const { mutate } = exchange;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (grant) mutate(grant, { onSuccess: onSignedIn });
  }, [grant, mutate, onSignedIn]);

  if (grant && !exchange.isError) {
    return (
      <p role="status" className="flex items-center gap-3">
        <Spinner />
        {t.exchanging}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <AlertMessage variant="danger">{errorText(exchange.error, t.ssoFailed)}</AlertMessage>
      <Link to="/sign-in" className="font-medium underline underline-offset-4">
        {t.backToSignIn}
      </Link>
    </div>
  );
}
