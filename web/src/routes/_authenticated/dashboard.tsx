import { createFileRoute } from '@tanstack/react-router';
import { ApplicationStatusCard } from '@/features/assistance-application/components/application-status-card.tsx';
import { EmailMfaNotice } from '@/features/auth/components/email-mfa-notice.tsx';
import { Dashboard } from '@/features/dashboard/components/dashboard.tsx';
import { SetUpPlanLink } from '@/features/payment-plans/components/set-up-plan-link.tsx';
import { PaymentDialog } from '@/features/payments/components/payment-dialog.tsx';
import { ReceiptDialog } from '@/features/payments/components/receipt-dialog.tsx';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: DashboardRoute,
});

/**
 * The dashboard, with the payments feature's dialogs, the way to a new plan,
 * the sign-in's notice and where a financial assistance application stands.
 */
function DashboardRoute() {
  return (
    <Dashboard
      paymentDialog={PaymentDialog}
      receiptDialog={ReceiptDialog}
      planAction={<SetUpPlanLink />}
      notice={
        <>
          <EmailMfaNotice />
          <ApplicationStatusCard />
        </>
      }
    />
  );
}
