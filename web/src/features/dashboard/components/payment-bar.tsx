import { DASHBOARD_LABELS } from '@webpay/contracts/messages';
import { formatCents } from '@webpay/contracts/money';
import { Button } from '@/components/ui/button.tsx';
import type { Selection } from '@/features/payments/utils/payment-items.ts';
import { selectedCountText } from '../utils/selection-text.ts';

export interface PaymentBarProps {
  /** Names the bar among the tabs' landmarks, e.g. 'Hospitals & Clinics'. */
  tabTitle: string;
  selection: Selection;
  onPay: () => void;
}

/**
 * SPEC §2 Bottom bar: the amount entered across the tab, how many items it
 * covers, and Pay Now with that amount. It stays in view on phones.
 */
export function PaymentBar({ tabTitle, selection, onPay }: PaymentBarProps) {
  const count = selection.items.length;
  const disabled = count === 0 || selection.totalCents <= 0;
  return (
    <section
      aria-label={`Payment for ${tabTitle}`}
      className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5"
    >
      <div className="flex flex-col">
        <span className="text-sm text-muted-foreground">{DASHBOARD_LABELS.totalPaymentAmount}</span>
        <span className="text-xl font-bold tabular-nums">{formatCents(selection.totalCents)}</span>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {selectedCountText(count)}
        </span>
      </div>
      <Button type="button" size="lg" disabled={disabled} onClick={onPay}>
        {DASHBOARD_LABELS.payNow} {formatCents(selection.totalCents)}
      </Button>
    </section>
  );
}
