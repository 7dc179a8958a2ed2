import { lazy, Suspense, useEffect, useState } from 'react';
import {
  createRootRouteWithContext,
  Outlet,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { LoadOnEvent } from '@/components/load-on-event.tsx';
import { NotFoundRedirect } from '@/components/not-found-redirect.tsx';
import { TopProgressBar } from '@/components/top-progress-bar.tsx';
import type { RouterContext } from '@/app/router-context.ts';
import { useAccentColor, useBranding } from '@/hooks/use-branding.ts';
import { API_ERROR_EVENT } from '@/lib/api-error-events.ts';
import { useAuthState } from '@/lib/auth-context.ts';
import { INVALID_CODE_EVENT } from '@/lib/invalid-code-events.ts';
import { useRouteRetry } from '@/lib/use-route-retry.ts';

// The modals (Radix dialogs) stay out of the first page load. They are
// fetched once the page is idle, so one is at hand when the network that an
// error dialog reports on has gone.
const loadApiErrorDialog = () => import('@/components/api-error-dialog.tsx');
const loadInvalidCodeDialog = () => import('@/components/invalid-code-dialog.tsx');
const loadSessionExpiredDialog = () => import('@/components/session-expired-dialog.tsx');

const ApiErrorDialog = lazy(() =>
  loadApiErrorDialog().then((module) => ({ default: module.ApiErrorDialog })),
);
const InvalidCodeDialog = lazy(() =>
  loadInvalidCodeDialog().then((module) => ({ default: module.InvalidCodeDialog })),
);
const SessionExpiredDialog = lazy(() =>
  loadSessionExpiredDialog().then((module) => ({ default: module.SessionExpiredDialog })),
);

// The root is never split from the entry, which every page loads first; its
// error screen (with the button styles and their class merging) comes only
// when something has failed.
const ErrorScreen = lazy(() =>
  import('@/components/error-screen.tsx').then((module) => ({ default: module.ErrorScreen })),
);

const MODAL_LOADERS = [loadApiErrorDialog, loadInvalidCodeDialog, loadSessionExpiredDialog];

function usePrefetchModalsWhenIdle() {
  useEffect(() => {
    const prefetch = () => {
      // A failed prefetch is tried again when the modal is wanted.
      for (const load of MODAL_LOADERS) load().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 2_000);
    return () => window.clearTimeout(timer);
  }, []);
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundRedirect,
  errorComponent: RootError,
});

function RootLayout() {
  usePrefetchModalsWhenIdle();
  useAccentColor();
  return (
    <>
      <TopProgressBar />
      <Outlet />
      <LoadOnEvent event={INVALID_CODE_EVENT}>
        <InvalidCodeDialog />
      </LoadOnEvent>
      <LoadOnEvent event={API_ERROR_EVENT}>
        <ApiErrorDialog />
      </LoadOnEvent>
      <SessionExpired />
    </>
  );
}

/** Mounted once the session has expired, and kept, so the modal can close itself. */
function SessionExpired() {
  const { sessionExpired } = useAuthState();
  const [wanted, setWanted] = useState(false);
  if (sessionExpired && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  );
}

/** Last resort when even the page frame failed: the error screen on a page of its own. */
function RootError({ error, reset }: ErrorComponentProps) {
  const { supportEmail, fallbackSupportPhone } = useBranding();
  const retry = useRouteRetry(error, reset);
  return (
    <main id="main-content" className="mx-auto w-full max-w-[1920px] px-4 py-10 sm:px-6 lg:px-8">
      <Suspense fallback={null}>
        <ErrorScreen
          error={error}
          headingLevel="h1"
          onRetry={retry}
          supportEmail={supportEmail}
          supportPhone={fallbackSupportPhone}
        />
      </Suspense>
    </main>
  );
}
