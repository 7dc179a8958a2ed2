import { useEffect } from 'react';
import {
  createRootRouteWithContext,
  Link,
  Outlet,
  useNavigate,
  useRouterState,
} from '@tanstack/react-router';
import { TopProgressBar } from '@/components/top-progress-bar.tsx';
import { useMessages } from '@/lib/messages.ts';
import type { OfficeRouterContext } from '../app/router-context.ts';
import { officeMessages } from '../components/office.messages.ts';
import { staffSession, useStaffSession } from '../lib/staff-session.ts';

export const Route = createRootRouteWithContext<OfficeRouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** Pages that stay open without a session; every other page needs one. */
const SIGNED_OUT_PAGES = ['/sign-in', '/sso', '/enrol/'];

/**
 * However a session ends (sign-out, idle timeout, a 401 from any call, its
 * 12 hours), the staff member lands on the sign-in page, told why.
 */
function useLeaveWhenSessionEnds() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    if (session) return;
    if (SIGNED_OUT_PAGES.some((page) => pathname.startsWith(page))) return;
    const ended = staffSession.ended() ?? undefined;
    void navigate({ to: '/sign-in', search: { ended }, replace: true });
  }, [session, pathname, navigate]);
}

function RootLayout() {
  useLeaveWhenSessionEnds();
  return (
    <>
      <TopProgressBar />
      <Outlet />
    </>
  );
}

function NotFound() {
  const t = useMessages(officeMessages);
  return (
    <main id="main-content" className="mx-auto flex max-w-xl flex-col gap-4 px-6 py-16">
      <h1 className="text-xl font-semibold">{t.notFound}</h1>
      <Link to="/" className="font-medium underline underline-offset-4">
        {t.goHome}
      </Link>
    </main>
  );
}
