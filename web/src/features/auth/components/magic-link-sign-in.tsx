import { useEffect, useRef } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { SIGN_IN_MESSAGES } from '@webpay/contracts/messages';
import { SIGN_IN_LIMITS } from '@webpay/contracts/sign-in';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useLoginWithMagicLink } from '../api/login-with-magic-link.ts';

/** /login/magic: signs in with the single-use token from the e-mailed link. */
export function MagicLinkSignIn({ token }: { token?: string }) {
  const navigate = useNavigate();
  const login = useLoginWithMagicLink();
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
        <h1 className="text-2xl font-bold tracking-tight">Sign in with your link</h1>
        <AlertMessage variant="danger">{SIGN_IN_MESSAGES.magicLinkFailed}</AlertMessage>
        <p className="text-muted-foreground">
          Sign-in links work once, for {SIGN_IN_LIMITS.magicLinkMinutes} minutes. You can ask for a
          new link on the sign-in page, or sign in another way.
        </p>
        <Button asChild>
          <Link to="/login">Choose another way to sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
      <Spinner className="size-8 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">Signing you in…</h1>
      <p className="text-muted-foreground">This only takes a moment.</p>
    </div>
  );
}
