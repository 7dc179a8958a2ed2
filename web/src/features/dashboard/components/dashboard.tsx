import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { NeedHelpPayingLink } from '@/components/assistance-links.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { useBranding, useSupportPhone } from '@/hooks/use-branding.ts';
import { useAuth } from '@/lib/auth-context.ts';
import { isAuthError } from '@/lib/query-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useIntent } from '@/lib/use-intent.ts';
import { useMessages } from '@/lib/messages.ts';
import { useEncounters } from '@/lib/encounters-query.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { DashboardSkeleton } from './dashboard-skeleton.tsx';
import { DashboardTabsView, type DashboardTabsViewProps } from './dashboard-tabs-view.tsx';

/** /dashboard: what the guarantor owes and what they want to pay now. */
export interface DashboardProps extends Pick<
  DashboardTabsViewProps,
  'paymentDialog' | 'receiptDialog' | 'planAction'
> {
  /** Shown above the accounts: the sign-in's notice about e-mailed codes. */
  notice?: ReactNode;
}

/** SPEC §4 and §8: a failed load of the bills is told once, and a lost session signs out. */
function useFailureToasts(encounters: ReturnType<typeof useEncounters>) {
  const auth = useAuth();
  const navigate = useNavigate();
  const t = useMessages(dashboardMessages);
  // Each failure is reported once, however often the component re-renders.
  const reportedFailure = useRef(0);
  useEffect(() => {
    if (!encounters.isError || reportedFailure.current === encounters.errorUpdatedAt) return;
    reportedFailure.current = encounters.errorUpdatedAt;
    if (isAuthError(encounters.error)) {
      // SPEC §8: 401/403 means the session is gone.
      toast.error(t.messages.sessionExpired, {
        id: 'dashboard-session-expired',
        position: 'top-center',
      });
      void auth.logout().then(() => navigate({ to: '/login' }));
    } else {
      toast.error(t.messages.fetchFailed, {
        id: 'dashboard-fetch-failed',
        position: 'top-right',
      });
    }
  }, [encounters.isError, encounters.error, encounters.errorUpdatedAt, auth, navigate, t]);
}

/**
 * Dialogs loaded on demand are fetched once the guarantor reaches for the
 * page, so Pay opens them at once; a page nobody touches never runs their code.
 */
function usePreloadedDialogs(
  paymentDialog: DashboardProps['paymentDialog'],
  receiptDialog: DashboardProps['receiptDialog'],
) {
  const root = useRef<HTMLDivElement>(null);
  const preload = useCallback(() => {
    paymentDialog.preload?.();
    receiptDialog.preload?.();
  }, [paymentDialog, receiptDialog]);
  useIntent(root, preload);
  return root;
}

export function Dashboard({ paymentDialog, receiptDialog, planAction, notice }: DashboardProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { portalName, supportEmail } = useBranding();
  const supportPhone = useSupportPhone(session?.user);
  const t = useMessages(dashboardMessages);
  useDocumentTitle(t.pageTitle(portalName));

  const encounters = useEncounters();
  const sessionLost = encounters.isError && isAuthError(encounters.error);

  useFailureToasts(encounters);

  // SPEC §4: retry clears the cache and refetches. The reset makes the query pending again,
  // so the failure is held here meanwhile: the error screen stays up reading 'Retrying...'.
  const [retryingAfter, setRetryingAfter] = useState<unknown>(null);
  const retry = async () => {
    setRetryingAfter(encounters.error);
    try {
      await queryClient.resetQueries({ queryKey: queryKeys.encounters });
    } finally {
      setRetryingAfter(null);
    }
  };
  const shownError = encounters.isError ? encounters.error : retryingAfter;

  const firstName = session?.user.firstName;

  const root = usePreloadedDialogs(paymentDialog, receiptDialog);

  return (
    <div ref={root} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.heading}</h1>
          {firstName && <p className="text-muted-foreground">{t.welcome(firstName)}</p>}
        </div>
        <NeedHelpPayingLink />
      </div>

      {notice}

      {sessionLost ? null : shownError ? (
        <ErrorScreen
          error={shownError}
          onRetry={retry}
          supportPhone={supportPhone}
          supportEmail={supportEmail}
        />
      ) : encounters.data === undefined ? (
        <DashboardSkeleton />
      ) : session ? (
        <DashboardTabsView
          data={encounters.data}
          session={session}
          supportPhone={supportPhone}
          paymentDialog={paymentDialog}
          receiptDialog={receiptDialog}
          planAction={planAction}
        />
      ) : null}
    </div>
  );
}
