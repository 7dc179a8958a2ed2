import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarSearch, Wallet } from 'lucide-react';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useBranding, useSupportPhone } from '@/hooks/use-branding.ts';
import type { ReceiptDialogComponent } from '@/lib/payments/payment-dialogs.ts';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { paymentHistoryQueryOptions, usePaymentHistory } from '../api/get-payment-history.ts';
import { useReceiptViewer } from '../hooks/use-receipt-viewer.ts';
import { paymentHistoryMessages } from '../payment-history.messages.ts';
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
  /** The payments feature's receipt, passed in by the route. */
  receiptDialog: ReceiptDialogComponent;
}

/** /payments: what the guarantor has paid, when, how, and the receipt of each. */
export function PaymentHistoryPage({
  filter,
  onFilterChange,
  receiptDialog: ReceiptDialog,
}: PaymentHistoryPageProps) {
  const t = useMessages(paymentHistoryMessages);
  const language = useLanguage();
  const session = useSession();
  const queryClient = useQueryClient();
  const { portalName, supportEmail } = useBranding();
  const supportPhone = useSupportPhone(session?.user);
  useDocumentTitle(t.documentTitle(portalName));

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
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.heading}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
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
        <section aria-label={t.historyRegion} className="flex flex-col gap-3">
          {/* Announces each new result; when there is none, the empty state says it visibly. */}
          <p
            role="status"
            className={cn('text-sm text-muted-foreground', !payments?.length && 'sr-only')}
          >
            {resultSummary(t.count(payments?.length ?? 0), describeRange(filter, language))}
          </p>
          {payments && payments.length > 0 ? (
            <PaymentHistoryTable
              payments={payments}
              loadingReceiptId={receipts.loadingId}
              onOpenReceipt={(receiptId, status) => void receipts.open(receiptId, status)}
            />
          ) : isFiltered(filter) ? (
            <NoPaymentsInPeriod range={describeRange(filter, language)} />
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

/** `2 payments`, or `2 payments between Jan 1, 2026 and Mar 31, 2026`. */
function resultSummary(payments: string, range: string): string {
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

function NoPaymentsInPeriod({ range }: { range: string }) {
  const t = useMessages(paymentHistoryMessages);
  return (
    <EmptyState
      icon={<CalendarSearch aria-hidden="true" className="size-8 text-muted-foreground" />}
      title={t.noPaymentsInPeriod}
    >
      <p className="text-muted-foreground">{t.noPaymentsInRange(range)}</p>
    </EmptyState>
  );
}

function NoPaymentsYet() {
  const t = useMessages(paymentHistoryMessages);
  return (
    <EmptyState
      icon={<Wallet aria-hidden="true" className="size-8 text-muted-foreground" />}
      title={t.noPaymentsYet}
    >
      <p className="text-muted-foreground">{t.noPaymentsYetText}</p>
      <Button asChild variant="secondary">
        <Link to="/dashboard">{t.goToDashboard}</Link>
      </Button>
    </EmptyState>
  );
}
