import { useState } from 'react';
import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { AppShell, type NavItem } from '@/components/layouts/app-shell.tsx';
import { useBranding, useSupportPhone } from '@/features/config/hooks/use-branding.ts';
import { useAuth } from '@/lib/auth-context.ts';
import { useSession } from '@/lib/session.ts';

export const Route = createFileRoute('/_authenticated')({
  // SPEC §2: without an unexpired token, sign in first and come back here afterwards.
  beforeLoad: ({ context, location }) => {
    if (context.auth.isAuthenticated()) return;
    throw redirect({
      to: '/login/pin',
      search: location.href === '/' ? {} : { next: location.href },
    });
  },
  component: SignedInLayout,
});

const BASE_NAV: readonly NavItem[] = [{ to: '/dashboard', label: 'Dashboard' }];
const HISTORY_NAV: readonly NavItem[] = [
  { to: '/statements', label: 'Statements' },
  { to: '/payments', label: 'Payments' },
];
const CONTACT_NAV: readonly NavItem[] = [{ to: '/contact', label: 'Contact' }];

function SignedInLayout() {
  const auth = useAuth();
  const session = useSession();
  const navigate = useNavigate();
  const { portalName, logoUrl } = useBranding();
  const supportPhone = useSupportPhone(session?.user);
  const [loggingOut, setLoggingOut] = useState(false);

  const navItems = [
    ...BASE_NAV,
    ...(session?.hasHistoricalDataRole ? HISTORY_NAV : []),
    ...CONTACT_NAV,
  ];
  const guarantorName = session ? `${session.user.firstName} ${session.user.lastName}` : '';

  const logout = async () => {
    setLoggingOut(true);
    await auth.logout();
    await navigate({ to: '/login' });
  };

  return (
    <AppShell
      supportPhone={supportPhone}
      portalName={portalName}
      logoUrl={logoUrl}
      guarantorName={guarantorName}
      navItems={navItems}
      onLogout={() => void logout()}
      loggingOut={loggingOut}
    >
      {/* Once the session is gone nothing of the guarantor's stays on screen. */}
      {session ? <Outlet /> : null}
    </AppShell>
  );
}
