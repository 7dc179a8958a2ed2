import { useState, type ReactNode } from 'react';
import {
  createFileRoute,
  Outlet,
  redirect,
  useNavigate,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { AppShell, type NavItem } from '@/components/layouts/app-shell.tsx';
import { useBranding, useSupportPhone } from '@/hooks/use-branding.ts';
import { useAuth } from '@/lib/auth-context.ts';
import { useSession } from '@/lib/session.ts';
import { useRouteRetry } from '@/lib/use-route-retry.ts';

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
  // Signed-in pages have no boundaries of their own, so their failures land here.
  errorComponent: SignedInError,
});

const BASE_NAV: readonly NavItem[] = [{ to: '/dashboard' }];
const HISTORY_NAV: readonly NavItem[] = [{ to: '/statements' }, { to: '/payments' }];
// Issue #25: every guarantor may keep cards and bank accounts on file.
const CONTACT_NAV: readonly NavItem[] = [{ to: '/payment-methods' }, { to: '/contact' }];

function SignedInFrame({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const session = useSession();
  const navigate = useNavigate();
  const { portalName, providerName, logoUrl } = useBranding();
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
      providerName={providerName}
      logoUrl={logoUrl}
      guarantorName={guarantorName}
      navItems={navItems}
      onLogout={() => void logout()}
      loggingOut={loggingOut}
    >
      {/* Once the session is gone nothing of the guarantor's stays on screen. */}
      {session ? children : null}
    </AppShell>
  );
}

function SignedInLayout() {
  return (
    <SignedInFrame>
      <Outlet />
    </SignedInFrame>
  );
}

/**
 * A page that failed to load or render is replaced by the error screen, while
 * the header stays usable: its links leave the failed page, which clears the
 * error. If the frame itself is what failed, it fails again here and the root
 * boundary takes over.
 */
function SignedInError({ error, reset }: ErrorComponentProps) {
  const session = useSession();
  const { supportEmail } = useBranding();
  const supportPhone = useSupportPhone(session?.user);
  const retry = useRouteRetry(error, reset);

  return (
    <SignedInFrame>
      <ErrorScreen
        error={error}
        headingLevel="h1"
        onRetry={retry}
        supportEmail={supportEmail}
        supportPhone={supportPhone}
      />
    </SignedInFrame>
  );
}
