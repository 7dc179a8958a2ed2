import { useEffect, useRef } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { SIGN_IN_LIMITS } from '@webpay/contracts/sign-in';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useLoginWithMagicLink } from '../api/login-with-magic-link.ts';
import { magicLinkSignInMessages } from '../auth.messages.ts';

/** /login/magic: signs in with the single-use token from the e-mailed link. */
export function MagicLinkSignIn({ token }: { token?: string }) {
  const navigate = useNavigate();
  const login = useLoginWithMagicLink();
  const t = useMessages(magicLinkSignInMessages);
  const { mutate } = login;
  // The token is single-use: a second attempt (e.g. a re-run effect) would always fail.
  const attempted = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!token || attempted.current === token) return;
    attempted.current = token;
    mutate(token, {
      onSuccess: () => void navigate({ to: '/dashboard', replace: true }),
    });
  }, [token, mutate, navigate]);

  if (!token || login.isError) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{t.failedHeading}</h1>
        <AlertMessage variant="danger">{t.failed}</AlertMessage>
        <p className="text-muted-foreground">{t.linkLifetime(SIGN_IN_LIMITS.magicLinkMinutes)}</p>
        <Button asChild>
          <Link to="/login">{t.chooseAnotherWay}</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
      <Spinner className="size-8 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">{t.signingIn}</h1>
      <p className="text-muted-foreground">{t.moment}</p>
    </div>
  );
}
