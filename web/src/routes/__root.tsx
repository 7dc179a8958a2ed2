import {
  createRootRouteWithContext,
  Outlet,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { ApiErrorDialog } from '@/components/api-error-dialog.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { InvalidCodeDialog } from '@/components/invalid-code-dialog.tsx';
import { NotFoundRedirect } from '@/components/not-found-redirect.tsx';
import { SessionExpiredDialog } from '@/components/session-expired-dialog.tsx';
import { TopProgressBar } from '@/components/top-progress-bar.tsx';
import type { RouterContext } from '@/app/router-context.ts';
import { useAccentColor, useBranding } from '@/features/config/hooks/use-branding.ts';
import { useRouteRetry } from '@/lib/use-route-retry.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundRedirect,
  errorComponent: RootError,
});

function RootLayout() {
  useAccentColor();
  return (
    <>
      <TopProgressBar />
      <Outlet />
      <InvalidCodeDialog />
      <ApiErrorDialog />
      <SessionExpiredDialog />
    </>
  );
}

/** Last resort when even the page frame failed: the error screen on a page of its own. */
function RootError({ error, reset }: ErrorComponentProps) {
  const { supportEmail, fallbackSupportPhone } = useBranding();
  const retry = useRouteRetry(error, reset);
  return (
    <main id="main-content" className="mx-auto w-full max-w-[1920px] px-4 py-10 sm:px-6 lg:px-8">
      <ErrorScreen
        error={error}
        headingLevel="h1"
        onRetry={retry}
        supportEmail={supportEmail}
        supportPhone={fallbackSupportPhone}
      />
    </main>
  );
}
