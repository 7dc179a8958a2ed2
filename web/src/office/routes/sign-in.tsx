import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { useMessages } from '@/lib/messages.ts';
import { OfficeAuthFrame } from '../components/office-auth-frame.tsx';
import { signInMessages } from '../features/auth/auth.messages.ts';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { SsoSignIn } from '../features/auth/components/sso-sign-in.tsx';
import { safeNext, signInSearch } from '../lib/sign-in-search.ts';

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearch,
  // Someone already signed in has nothing to do here.
  beforeLoad: ({ context }) => {
    if (context.session.get()?.me) throw redirect({ to: '/' });
  },
  component: SignInPage,
});

function SignInPage() {
  const t = useMessages(signInMessages);
  const { ended, next, sso } = Route.useSearch();
  const navigate = useNavigate();
  const onSignedIn = () => {
    const target = safeNext(next);
    void (target
      ? navigate({ href: target, replace: true })
      : navigate({ to: '/', replace: true }));
  };
  return (
    <OfficeAuthFrame title={t.title}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t.heading}</h1>
          <p className="text-sm text-muted-foreground">{t.intro}</p>
        </div>
        {ended && (
          <AlertMessage variant={ended === 'signed-out' ? 'warning' : 'danger'}>
            {t.ended[ended]}
          </AlertMessage>
        )}
        {sso && <AlertMessage variant="danger">{t.ssoRefused[sso]}</AlertMessage>}
        <SignInForm onSignedIn={onSignedIn} />
        <SsoSignIn />
      </div>
    </OfficeAuthFrame>
  );
}
