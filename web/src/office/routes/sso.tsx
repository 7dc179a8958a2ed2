import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SSO_ERROR_CODES } from '@webpay/contracts/office';
import { useMessages } from '@/lib/messages.ts';
import { OfficeAuthFrame } from '../components/office-auth-frame.tsx';
import { signInMessages } from '../features/auth/auth.messages.ts';
import { SsoExchange } from '../features/auth/components/sso-exchange.tsx';
import { ssoErrorCode } from '../lib/sign-in-search.ts';

export const Route = createFileRoute('/sso')({
  validateSearch: (search: Record<string, unknown>): { grant?: string; error?: string } => ({
    ...(typeof search.grant === 'string' ? { grant: search.grant } : {}),
    ...(typeof search.error === 'string' ? { error: search.error } : {}),
  }),
  // A refusal goes back to the sign-in page, which says why beside both ways in.
  beforeLoad: ({ search }) => {
    if (search.error === undefined) return;
    const sso = ssoErrorCode(search.error) ?? SSO_ERROR_CODES.failed;
    throw redirect({ to: '/sign-in', search: { sso }, replace: true });
  },
  component: SsoPage,
});

function SsoPage() {
  const t = useMessages(signInMessages);
  const { grant } = Route.useSearch();
  const navigate = useNavigate();
  const onSignedIn = useCallback(() => void navigate({ to: '/', replace: true }), [navigate]);
  return (
    <OfficeAuthFrame title={t.title}>
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{t.heading}</h1>
        <SsoExchange grant={grant ?? ''} onSignedIn={onSignedIn} />
      </div>
    </OfficeAuthFrame>
  );
}
