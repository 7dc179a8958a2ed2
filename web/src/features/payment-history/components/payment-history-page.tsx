import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarSearch, Wallet } from 'lucide-react';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useBranding, useSupportPhone } from '@/features/config/hooks/use-branding.ts';
import { ReceiptDialog } from '@/features/payments/components/receipt-dialog.tsx';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { paymentHistoryQueryOptions, usePaymentHistory } from '../api/get-payment-history.ts';
import { useReceiptViewer } from '../hooks/use-receipt-viewer.ts';
import {
  describeRange,
  isFiltered,
  rangeProblem,
  type PaymentFilter,
} from '../utils/payment-filter.ts';
import { PaymentFilterForm } from './payment-filter-form.tsx';
import { PaymentHistorySkeleton } from './payment-history-skeleton.tsx';
import { PaymentHistoryTable } from './payment-history-table.tsx';

export interface PaymentHistoryPageProps {
  filter: PaymentFilter;
  onFilterChange: (filter: PaymentFilter) => void;
}

/** /payments: what the guarantor has paid, when, how, and the receipt of each. */
export function PaymentHistoryPage({ filter, onFilterChange }: PaymentHistoryPageProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { portalName, supportEmail } = useBranding();
  const supportPhone = useSupportPhone(session?.user);
  useDocumentTitle(`Payments | ${portalName}`);

  const reversed = Boolean(rangeProblem(filter));
  const history = usePaymentHistory(filter);
  const receipts = useReceiptViewer();
  const retry = () =>
    queryClient.resetQueries({
      queryKey: paymentHistoryQueryOptions(filter).queryKey,
      exact: true,
    });

  const payments = history.data?.payments;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payments</h1>
        <p className="text-muted-foreground">
          Payments you have made, newest first. Open a receipt to see it in full or print it.
        </p>
      </div>

      <PaymentFilterForm
        key={`${filter.from ?? ''}|${filter.to ?? ''}`}
        filter={filter}
        onApply={onFilterChange}
      />

      {reversed ? null : history.isPending ? (
        <PaymentHistorySkeleton />
      ) : history.isError ? (
        <ErrorScreen
          error={history.error}
          onRetry={retry}
          supportPhone={supportPhone}
          supportEmail={supportEmail}
        />
      ) : (
        <section aria-label="Payment history" className="flex flex-col gap-3">
          {/* Announces each new result; when there is none, the empty state says it visibly. */}
          <p
            role="status"
            className={cn('text-sm text-muted-foreground', !payments?.length && 'sr-only')}
          >
            {resultSummary(payments?.length ?? 0, filter)}
          </p>
          {payments && payments.length > 0 ? (
            <PaymentHistoryTable
              payments={payments}
              loadingReceiptId={receipts.loadingId}
              onOpenReceipt={(receiptId, status) => void receipts.open(receiptId, status)}
            />
          ) : isFiltered(filter) ? (
            <NoPaymentsInPeriod filter={filter} />
          ) : (
            <NoPaymentsYet />
          )}
        </section>
      )}

      <ReceiptDialog
        receipt={receipts.receipt}
        applied={receipts.applied}
        onClose={receipts.close}
      />
    </div>
  );
}

function resultSummary(count: number, filter: PaymentFilter): string {
  const payments = count === 1 ? '1 payment' : `${count} payments`;
  const range = describeRange(filter);
  return range ? `${payments} ${range}` : payments;
}

function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-5 sm:pt-6">
        {icon}
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

function NoPaymentsInPeriod({ filter }: { filter: PaymentFilter }) {
  return (
    <EmptyState
      icon={<CalendarSearch aria-hidden="true" className="size-8 text-muted-foreground" />}
      title="No payments in this period"
    >
      <p className="text-muted-foreground">
        We found no payments {describeRange(filter)}. Try a wider range, or clear the dates to see
        all your payments.
      </p>
    </EmptyState>
  );
}

function NoPaymentsYet() {
  return (
    <EmptyState
      icon={<Wallet aria-hidden="true" className="size-8 text-muted-foreground" />}
      title="No payments yet"
    >
      <p className="text-muted-foreground">
        Payments you make here, by card or from a bank account, will be listed with their receipts.
        Your open bills are on the dashboard.
      </p>
      <Button asChild variant="secondary">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </EmptyState>
  );
}
