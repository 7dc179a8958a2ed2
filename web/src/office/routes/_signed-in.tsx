import { lazy, Suspense, useEffect } from 'react';
import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { IdleWarningDialog } from '../components/idle-warning-dialog.tsx';
import { OfficeShell } from '../components/office-shell.tsx';
import { ApprovalsBadge } from '../features/payments/components/approvals-badge.tsx';
import { officeConfigQueryOptions } from '../lib/hospital-time-zone.ts';
import { endStaffSession, keepAlive } from '../lib/session-calls.ts';
import { useStaffSession, type StaffSession } from '../lib/staff-session.ts';
import { useIdleSession } from '../lib/use-idle-session.ts';

// The payment desk's actions answer in toasts; only signed-in pages load the toast library.
const Toasts = lazy(() =>
  import('@/components/toasts.tsx').then((module) => ({ default: module.Toasts })),
);

export const Route = createFileRoute('/_signed-in')({
  // Without a session whose owner is known, sign in first and come back here afterwards.
  beforeLoad: ({ context, location }) => {
    if (context.session.get()?.me) return;
    throw redirect({
      to: '/sign-in',
      search: location.href === '/' ? {} : { next: location.href },
    });
  },
  // Times are written in the hospital's zone: no page draws one before the zone is known.
  loader: ({ context }) => context.queryClient.prefetchQuery(officeConfigQueryOptions()),
  component: SignedInLayout,
});

/** `/` anywhere outside a field goes to the search box (issue #23: a keystroke or two). */
function useSearchShortcut() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) {
        return;
      }
      event.preventDefault();
      const field = document.getElementById('guarantor-search');
      if (field) field.focus();
      else void navigate({ to: '/guarantors' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}

function SignedInFrame({
  session,
}: {
  session: StaffSession & { me: NonNullable<StaffSession['me']> };
}) {
  const { phase, remainingMs } = useIdleSession(session);
  useSearchShortcut();
  return (
    <OfficeShell
      staff={session.me.staff}
      onSignOut={() => void endStaffSession('signed-out')}
      onSignOutEverywhere={() => void endStaffSession('signed-out', { everywhere: true })}
      navBadges={{ payments: <ApprovalsBadge /> }}
    >
      <Outlet />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <IdleWarningDialog
        open={phase === 'warning'}
        remainingMs={remainingMs}
        onStay={async () => !(await keepAlive()).error}
        onSignOut={() => void endStaffSession('signed-out')}
      />
    </OfficeShell>
  );
}

function SignedInLayout() {
  const session = useStaffSession();
  // Once the session is gone nothing read with it stays on screen; the root sends to sign-in.
  if (!session?.me) return null;
  return <SignedInFrame session={{ ...session, me: session.me }} />;
}
