import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { lazyDialog } from '@/components/lazy-dialog.tsx';
import { EmailMfaNotice } from '@/features/auth/components/email-mfa-notice.tsx';
import { Dashboard } from '@/features/dashboard/components/dashboard.tsx';
import type { PaymentDialogProps, ReceiptDialogProps } from '@/lib/payments/payment-dialogs.ts';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: DashboardRoute,
});

/*
 * The first view is the bills' table. The dialogs' code (the payment form,
 * its flows and the receipt) is fetched once the guarantor reaches for the
 * page, and the cards that wait on answers of their own (the application's
 * status, the way to a plan) beside those answers, so the dashboard's own
 * script is parsed and run without them.
 */
const PaymentDialog = lazyDialog(
  () =>
    import('@/features/payments/components/payment-dialog.tsx').then(
      (module) => module.PaymentDialog,
    ),
  (props: PaymentDialogProps) => props.request !== null,
);
const ReceiptDialog = lazyDialog(
  () =>
    import('@/features/payments/components/receipt-dialog.tsx').then(
      (module) => module.ReceiptDialog,
    ),
  (props: ReceiptDialogProps) => props.receipt !== null,
);
const ApplicationStatusCard = lazy(() =>
  import('@/features/assistance-application/components/application-status-card.tsx').then(
    (module) => ({ default: module.ApplicationStatusCard }),
  ),
);
const SetUpPlanLink = lazy(() =>
  import('@/features/payment-plans/components/set-up-plan-link.tsx').then((module) => ({
    default: module.SetUpPlanLink,
  })),
);

/**
 * The dashboard, with the payments feature's dialogs, the way to a new plan,
 * the sign-in's notice and where a financial assistance application stands.
 */
function DashboardRoute() {
  return (
    <Dashboard
      paymentDialog={PaymentDialog}
      receiptDialog={ReceiptDialog}
      planAction={
        // Both cards show nothing until their answers come, so nothing while their code comes.
        <Suspense fallback={null}>
          <SetUpPlanLink />
        </Suspense>
      }
      notice={
        <>
          <EmailMfaNotice />
          <Suspense fallback={null}>
            <ApplicationStatusCard />
          </Suspense>
        </>
      }
    />
  );
}
