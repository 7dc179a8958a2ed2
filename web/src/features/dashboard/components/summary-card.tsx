import { useId, type ReactNode } from 'react';
import { Wallet } from 'lucide-react';
import { formatCents } from '@webpay/contracts/money';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import type { Selection } from '@/lib/payments/payment-items.ts';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { itemCountText, selectedCountText } from '../utils/selection-text.ts';

export interface SummaryCardProps {
  title: string;
  /** An icon or popover trigger beside the title. */
  titleAddon?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One of the dashboard's summary cards: a titled region a screen reader can jump to. */
export function SummaryCard({ title, titleAddon, icon, children, className }: SummaryCardProps) {
  const titleId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className={cn('flex flex-col gap-3 p-5', className)}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-semibold text-muted-foreground">
          {title}
        </h2>
        <div className="flex items-center gap-1 text-muted-foreground">
          {titleAddon}
          {icon}
        </div>
      </div>
      {children}
    </Card>
  );
}

/** The big figure of a summary card. */
export function SummaryAmount({ cents, className }: { cents: number; className?: string }) {
  return (
    <p className={cn('text-2xl font-bold tracking-tight tabular-nums', className)}>
      {formatCents(cents)}
    </p>
  );
}

export interface SelectedForPaymentCardProps {
  selection: Selection;
  onPay: () => void;
  icon?: ReactNode;
}

/** SPEC §2: the sum and count of the amounts entered, with Pay Now. */
export function SelectedForPaymentCard({ selection, onPay, icon }: SelectedForPaymentCardProps) {
  const t = useMessages(dashboardMessages);
  const language = useLanguage();
  const count = selection.items.length;
  return (
    <SummaryCard title={t.labels.selectedForPayment} icon={icon}>
      <SummaryAmount cents={selection.totalCents} />
      <p className="text-sm text-muted-foreground">{selectedCountText(count, language)}</p>
      <Button
        type="button"
        className="mt-auto"
        disabled={count === 0 || selection.totalCents <= 0}
        onClick={onPay}
      >
        {t.labels.payNow}
      </Button>
    </SummaryCard>
  );
}

export interface TotalOutstandingCardProps {
  cents: number;
  /** How many items the total covers. */
  count: number;
  /** SPEC §4 Payment mode (Pay Total); the button is disabled when nothing is owed. */
  onPayTotal: () => void;
}

/** SPEC §2 Total Outstanding: what is owed, over how many items, and Pay Total. */
export function TotalOutstandingCard({ cents, count, onPayTotal }: TotalOutstandingCardProps) {
  const t = useMessages(dashboardMessages);
  const language = useLanguage();
  return (
    <SummaryCard
      title={t.labels.totalOutstanding}
      icon={<Wallet aria-hidden="true" className="size-5" />}
    >
      <SummaryAmount cents={cents} />
      <p className="text-sm text-muted-foreground">{itemCountText(count, language)}</p>
      <Button type="button" className="mt-auto" disabled={cents <= 0} onClick={onPayTotal}>
        {t.labels.payTotal}
      </Button>
    </SummaryCard>
  );
}
